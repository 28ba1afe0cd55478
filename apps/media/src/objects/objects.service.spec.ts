import { parseRange } from './objects.service';

describe(parseRange.name, () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=90-200', { start: 90, end: 99 }],
    ['bytes=100-', 'invalid'],
    ['bytes=5-2', 'invalid'],
    ['bytes=-0', 'invalid'],
    ['bytes=0-1,5-6', 'invalid'],
    ['items=0-1', 'invalid'],
  ])('%p of 100 bytes → %p', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
