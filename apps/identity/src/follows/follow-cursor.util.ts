import { isUuid } from '@wave/contracts';
import type { FollowCursor } from './follows.repository';

/** Opaque to clients: base64url of "<epoch ms>.<user id>". */
export function encodeFollowCursor(cursor: FollowCursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}.${cursor.userId}`).toString('base64url');
}

/** The decoded cursor, or null when it is not one we issued. */
export function decodeFollowCursor(value: string): FollowCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  const text = Buffer.from(value, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.(.+)$/.exec(text);
  if (!match) return null;
  const [, millis, userId] = match as unknown as [string, string, string];
  if (!isUuid(userId)) return null;
  const createdAt = new Date(Number(millis));
  if (Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, userId };
}
