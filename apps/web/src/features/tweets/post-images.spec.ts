import { afterEach, describe, expect, it } from 'vitest';
import { makeTweet } from './testing/tweet-test-utils';
import { imagesOf, preloadFirstImages } from './post-images';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')].map(
    (link) => [link.getAttribute('href'), link.getAttribute('fetchpriority')],
  );

describe('post images', () => {
  afterEach(() => document.head.querySelectorAll('link[rel=preload]').forEach((l) => l.remove()));

  it("takes a post's uploaded images, or the single image of an older post", () => {
    expect(
      imagesOf(makeTweet({ imageUrls: ['/objects/uploads/a', 'https://elsewhere/b'] })),
    ).toEqual(['/objects/uploads/a']);
    expect(imagesOf(makeTweet({ imageUrls: [], imageUrl: '/objects/uploads/c' }))).toEqual([
      '/objects/uploads/c',
    ]);
  });

  it("asks for the display images of a page's first three posts, at high priority", () => {
    const page = {
      items: [
        makeTweet({ id: '1', imageUrls: ['/objects/uploads/one', '/objects/uploads/two'] }),
        makeTweet({ id: '2', imageUrls: [] }),
        makeTweet({ id: '3', imageUrls: ['/objects/uploads/three'] }),
        makeTweet({ id: '4', imageUrls: ['/objects/uploads/four'] }),
      ],
      nextCursor: null,
    };
    expect(preloadFirstImages(page)).toEqual([
      '/objects/uploads/one/display',
      '/objects/uploads/two/display',
      '/objects/uploads/three/display',
    ]);
    expect(preloads()).toEqual([
      ['/objects/uploads/one/display', 'high'],
      ['/objects/uploads/two/display', 'high'],
      ['/objects/uploads/three/display', 'high'],
    ]);
  });

  it('asks for nothing when the answer is not a page of posts', () => {
    for (const answer of [null, undefined, 'x', { items: 'no' }, { items: [null, 5, {}] }]) {
      expect(preloadFirstImages(answer)).toEqual([]);
    }
    expect(preloads()).toEqual([]);
  });
});
