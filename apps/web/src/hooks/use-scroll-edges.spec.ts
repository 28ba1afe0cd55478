import { scrollEdges, scrollFade } from './use-scroll-edges';

describe(scrollEdges.name, () => {
  it.each([
    [
      { scrollLeft: 0, clientWidth: 300, scrollWidth: 300 },
      { before: false, after: false },
    ],
    [
      { scrollLeft: 0, clientWidth: 300, scrollWidth: 800 },
      { before: false, after: true },
    ],
    [
      { scrollLeft: 200, clientWidth: 300, scrollWidth: 800 },
      { before: true, after: true },
    ],
    [
      { scrollLeft: 499.6, clientWidth: 300, scrollWidth: 800 },
      { before: true, after: false },
    ],
  ])('%j has more: %j', (box, expected) => {
    expect(scrollEdges(box)).toEqual(expected);
  });
});

describe(scrollFade.name, () => {
  it('fades only the sides that go on', () => {
    expect(scrollFade({ before: false, after: false })).toBeUndefined();
    expect(scrollFade({ before: false, after: true })).toBe(
      'linear-gradient(to right, black, black 2rem, black calc(100% - 2rem), transparent)',
    );
    expect(scrollFade({ before: true, after: false })).toBe(
      'linear-gradient(to right, transparent, black 2rem, black calc(100% - 2rem), black)',
    );
  });
});
