/**
 * Opaque cursors for lists ordered by member count, most first, then id:
 * base64url of "<member count>.<id>". Counts move while someone pages, so a
 * community can show twice or not at all across pages; never out of bounds.
 */
export interface PopularityPosition {
  memberCount: number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodePopularityCursor(position: PopularityPosition): string {
  return Buffer.from(`${position.memberCount}.${position.id}`).toString('base64url');
}

/** The position, or null when the value is not a cursor we issued. */
export function decodePopularityCursor(value: string): PopularityPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  const match = /^(\d{1,10})\.(.+)$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) return null;
  const [, count = '', id = ''] = match;
  const memberCount = Number(count);
  if (!UUID.test(id) || !Number.isSafeInteger(memberCount) || memberCount > 2_147_483_647)
    return null;
  return { memberCount, id: id.toLowerCase() };
}

/** A LIKE pattern that matches the text anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
