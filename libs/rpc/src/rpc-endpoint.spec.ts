import { keysetPage } from './rpc-endpoint';

describe('keysetPage', () => {
  const key = (row: { id: number }) => row.id;

  it('returns the first `limit` rows and the last key when a row follows', () => {
    expect(keysetPage([{ id: 1 }, { id: 2 }, { id: 3 }], 2, key)).toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      next: 2,
    });
  });

  it('has no next key on the last page, full or not, nor on an empty one', () => {
    expect(keysetPage([{ id: 1 }, { id: 2 }], 2, key)).toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      next: null,
    });
    expect(keysetPage([{ id: 1 }], 2, key)).toEqual({ rows: [{ id: 1 }], next: null });
    expect(keysetPage([], 2, key)).toEqual({ rows: [], next: null });
  });
});
