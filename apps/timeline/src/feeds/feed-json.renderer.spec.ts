import type { FeedItemResponse, Page } from '@wave/contracts';
import { loadTimelineConfig } from '../config/timeline.config';
import { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import { toTweetResponse } from '../tweets/tweet.mapper';
import type { TweetView } from '../tweets/tweets.repository';
import type { FeedItem, FeedPage } from './feed-json.renderer';
import { FeedJsonRenderer } from './feed-json.renderer';

const signer = new ImageProxySigner('feed-json-test-secret-0123456789abcdef');
const config = (bytes = 1024 * 1024) =>
  loadTimelineConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://127.0.0.1/unused',
    FEED_JSON_CACHE_MAX_BYTES: String(bytes),
  });

let sequence = 0;
function view(overrides: Partial<TweetView> = {}): TweetView {
  sequence += 1;
  return {
    id: `00000000-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    authorId: '00000000-0000-7000-8000-aaaaaaaaaaaa',
    content: `Post number ${sequence}: "quotes", \\ backslashes, émoji 🌊 and a\nnew line`,
    imageUrls: [],
    linkPreview: null,
    parentId: null,
    repliesCount: 1,
    retweetsCount: 2,
    likesCount: 3,
    createdAt: new Date('2026-11-29T04:00:00.000Z'),
    editedAt: null,
    version: 1,
    author: {
      username: 'ada',
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: null,
      profileImageUrl: null,
      verified: true,
    },
    authorVersion: 4,
    isPinned: false,
    isLiked: false,
    isRetweeted: false,
    ...overrides,
  };
}

/** What the feed answered before it was rendered by hand: the objects, serialised. */
const byObjects = ({ items, nextCursor }: FeedPage): string =>
  JSON.stringify({
    items: items.map(({ view: item, retweetedBy }) => ({
      ...toTweetResponse(item, signer),
      retweetedBy,
    })),
    nextCursor,
  } satisfies Page<FeedItemResponse>);

describe(FeedJsonRenderer.name, () => {
  it('renders a page byte for byte as JSON.stringify renders its objects', () => {
    const sut = new FeedJsonRenderer(config(), signer);
    const items: FeedItem[] = [
      { view: view(), retweetedBy: null },
      {
        view: view({
          imageUrls: ['https://media.example/a.png', 'https://media.example/b.png'],
          linkPreview: {
            url: 'https://news.example/story',
            title: 'A story',
            description: null,
            image: 'https://news.example/cover.png',
            siteName: 'News',
          },
          editedAt: new Date('2026-11-29T04:05:00.000Z'),
          parentId: '00000000-0000-7000-8000-bbbbbbbbbbbb',
          isLiked: true,
          isPinned: true,
        }),
        retweetedBy: { id: 'r1', username: 'bob', displayName: 'Bob "the" Builder' },
      },
      // An author timeline has not heard of yet.
      { view: view({ author: null, authorVersion: 0, isRetweeted: true }), retweetedBy: null },
    ];
    for (const page of [
      { items, nextCursor: 'MTc2NDM4~cDox' },
      { items, nextCursor: null },
      { items: [], nextCursor: null },
    ]) {
      expect(sut.page(page).toString('utf8')).toBe(byObjects(page));
    }
  });

  it('gives every reader their own flags on the same rendering', () => {
    const sut = new FeedJsonRenderer(config(), signer);
    const shared = view();
    for (let bits = 0; bits < 8; bits += 1) {
      const page: FeedPage = {
        items: [
          {
            view: {
              ...shared,
              isLiked: !!(bits & 4),
              isRetweeted: !!(bits & 2),
              isPinned: !!(bits & 1),
            },
            retweetedBy: null,
          },
        ],
        nextCursor: null,
      };
      expect(sut.page(page).toString('utf8')).toBe(byObjects(page));
    }
  });

  it("renders a tweet again once its version or its author's moves on, and not before", () => {
    const sut = new FeedJsonRenderer(config(), signer);
    const first = view({ likesCount: 3 });
    const render = (item: TweetView) =>
      JSON.parse(
        sut.page({ items: [{ view: item, retweetedBy: null }], nextCursor: null }).toString(),
      ).items[0] as FeedItemResponse;

    expect(render(first).likesCount).toBe(3);
    // The same version is the same state: what was rendered for it is what it shows.
    expect(render({ ...first, likesCount: 99 }).likesCount).toBe(3);
    expect(render({ ...first, likesCount: 4, version: 2 }).likesCount).toBe(4);
    const renamed = {
      username: 'ada',
      displayName: 'Countess',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      verified: true,
    };
    expect(
      render({ ...first, likesCount: 4, version: 2, author: renamed }).author.displayName,
    ).toBe('Ada Lovelace');
    expect(
      render({ ...first, likesCount: 4, version: 2, author: renamed, authorVersion: 5 }).author
        .displayName,
    ).toBe('Countess');
  });

  it('keeps no more renderings than its memory allows', () => {
    const render = (sut: FeedJsonRenderer, item: TweetView) =>
      sut.page({ items: [{ view: item, retweetedBy: null }], nextCursor: null }).toString();
    const [a, b, c] = [view(), view(), view()] as [TweetView, TweetView, TweetView];
    // Room for about two renderings of these posts.
    const size = Buffer.byteLength(render(new FeedJsonRenderer(config(), signer), a));
    const sut = new FeedJsonRenderer(config(2 * size + 500), signer);
    render(sut, a);
    render(sut, b);
    render(sut, c);
    // `a` was let go: the same version with other content now renders what it is given.
    expect(render(sut, { ...a, content: 'changed under the same version' })).toContain(
      'changed under the same version',
    );
    // `c` is still kept.
    expect(render(sut, { ...c, content: 'changed under the same version' })).not.toContain(
      'changed under the same version',
    );
  });
});
