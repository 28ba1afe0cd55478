import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor';

describe('keyset cursors', () => {
  const position = {
    at: new Date('2026-03-04T05:06:07.089Z'),
    id: '0190b1de-1111-7000-8000-000000000001',
  };

  it('round-trips to the millisecond', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor(position))).toEqual(position);
  });

  it.each([
    '',
    'not base64!',
    Buffer.from('123').toString('base64url'),
    Buffer.from('abc.0190b1de-1111-7000-8000-000000000001').toString('base64url'),
    Buffer.from('123.not-a-uuid').toString('base64url'),
    'x'.repeat(300),
  ])('rejects %p', (value) => {
    expect(decodeKeysetCursor(value)).toBeNull();
  });
});
