import { encodeKeysetCursor } from '@wave/database';
import { CommunitiesException } from './communities.exception';
import { keysetOf, toPage } from './paging.util';

describe(toPage.name, () => {
  const rows = [1, 2, 3];

  it('shows `limit` rows and points after the last one when more exist', () => {
    expect(toPage(rows, 2, (n) => n * 10, String)).toEqual({ items: [10, 20], nextCursor: '2' });
  });

  it('has no cursor on the last page', () => {
    expect(toPage(rows, 3, (n) => n, String)).toEqual({ items: [1, 2, 3], nextCursor: null });
    expect(toPage([], 3, (n: number) => n, String)).toEqual({ items: [], nextCursor: null });
  });
});

describe(keysetOf.name, () => {
  it('reads our cursors and treats none as the start', () => {
    const position = {
      at: new Date('2026-01-02T03:04:05.678Z'),
      id: '0190f5a0-0000-7000-8000-000000000001',
    };
    expect(keysetOf(encodeKeysetCursor(position))).toEqual(position);
    expect(keysetOf(undefined)).toBeNull();
    expect(keysetOf('')).toBeNull();
  });

  it('refuses a cursor it did not issue with a 400', () => {
    expect(() => keysetOf('garbage!')).toThrow(CommunitiesException);
    try {
      keysetOf('garbage!');
    } catch (error) {
      expect((error as CommunitiesException).getStatus()).toBe(400);
    }
  });
});
