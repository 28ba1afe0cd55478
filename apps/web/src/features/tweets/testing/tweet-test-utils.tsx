import type { FeedItemResponse, Page } from '@wave/contracts';

// The app-wide helpers (users, fetch stubs, DOM shims, rendering), shared by every feature.
export {
  ADA_ID,
  deferred,
  imageFile,
  installDomShims,
  json,
  makeUser,
  mockFetch,
  PNG_DATA_URL,
  PNG_HEAD,
  renderWithProviders,
} from '../../../testing/test-utils';
export type { FetchCall } from '../../../testing/test-utils';

export const GRACE_ID = '0190a1b2-0000-7000-8000-000000000002';

let tweetCounter = 0;

/** A post by Grace (not the default signed-in user), with no likes or retweets. */
export const makeTweet = (overrides: Partial<FeedItemResponse> = {}): FeedItemResponse => {
  tweetCounter += 1;
  return {
    id: `0190a1b2-1111-7000-8000-${String(tweetCounter).padStart(12, '0')}`,
    content: 'Hello, Wave!',
    authorId: GRACE_ID,
    author: {
      id: GRACE_ID,
      username: 'grace',
      displayName: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
      verified: false,
    },
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    editedAt: null,
    imageUrl: null,
    imageUrls: [],
    linkPreview: null,
    parentId: null,
    repliesCount: 0,
    retweetsCount: 0,
    likesCount: 0,
    isLiked: false,
    isRetweeted: false,
    isPinned: false,
    retweetedBy: null,
    ...overrides,
  };
};

export const page = <T,>(items: T[], nextCursor: string | null = null): Page<T> => ({
  items,
  nextCursor,
});

/** A post as an infinite list's cache holds it. */
export const infinite = <T,>(...pages: Page<T>[]) => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});
