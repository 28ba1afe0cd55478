import type { Recommendation } from '@wave/contracts';
import { useLocation } from 'react-router';

// The app-wide helpers (users, fetch stubs, DOM shims, rendering), shared by every feature.
export {
  ADA_ID,
  deferred,
  installDomShims,
  json,
  makeUser,
  mockFetch,
  noContent,
  renderWithProviders,
} from '../../../testing/test-utils';
export type { FetchCall } from '../../../testing/test-utils';

let counter = 0;
const nextId = () => {
  counter += 1;
  return `0190a1b2-3333-7000-8000-${String(counter).padStart(12, '0')}`;
};

/** A recommendation of a post, with a fresh id. */
export const makeRecommendation = (overrides: Partial<Recommendation> = {}): Recommendation => ({
  contentId: nextId(),
  contentType: 'post',
  score: 0.5,
  reason: 'Popular on Wave right now',
  category: 'popular',
  content: 'A post worth reading',
  ...overrides,
});

/** A recommended person (username as `content`), shown by `displayName`. */
export const makePerson = (
  username: string,
  displayName: string,
  overrides: Partial<Recommendation> = {},
): Recommendation =>
  makeRecommendation({
    contentType: 'user',
    content: username,
    reason: 'Followed by people you follow',
    category: 'network',
    user: { displayName, profileImageUrl: null, verified: false },
    ...overrides,
  });

/** `count` people, user1 (User 1) … userN. */
export const makePeople = (count: number, from = 1): Recommendation[] =>
  Array.from({ length: count }, (_, index) =>
    makePerson(`user${from + index}`, `User ${from + index}`),
  );

/** The current path, to see where a link went. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

export const RECOMMENDATIONS_PATH = '/api/ai/recommendations';
export const FEEDBACK_PATH = '/api/ai/feedback';
