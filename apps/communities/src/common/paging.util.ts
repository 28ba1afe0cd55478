import type { Page } from '@wave/contracts';
import type { KeysetPosition } from '@wave/database';
import { decodeKeysetCursor } from '@wave/database';
import { CommunitiesException } from './communities.exception';

/**
 * Turns `limit + 1` rows into a page: the extra row only says another page
 * exists, and the cursor points after the last row shown.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  cursorOf: (row: R) => string,
): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(map),
    nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
  };
}

/** The keyset position of a cursor the client sent back; 400 when it is not one of ours. */
export function keysetOf(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined || cursor === '') return null;
  const position = decodeKeysetCursor(cursor);
  if (!position) throw new CommunitiesException('INVALID_CURSOR');
  return position;
}
