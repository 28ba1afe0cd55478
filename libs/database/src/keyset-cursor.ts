/**
 * Opaque cursors for keyset pagination over (time, id): base64url of
 * "<epoch ms>.<id>". Millisecond columns (timestamptz(3)) round-trip exactly.
 */
export interface KeysetPosition {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at.getTime()}.${position.id}`).toString('base64url');
}

/** The position, or null when the value is not a cursor we issued. */
export function decodeKeysetCursor(value: string): KeysetPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  const match = /^(\d{1,15})\.(.+)$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) return null;
  const [, millis = '', id = ''] = match;
  if (!UUID.test(id)) return null;
  const at = new Date(Number(millis));
  return Number.isNaN(at.getTime()) ? null : { at, id };
}
