import type { RecommendationContentType } from '@wave/contracts';
import type { Candidate } from '../candidates/candidate';
import { REASONS } from '../candidates/reasons';
import type { MeasuredFeature } from './features';
import { FEATURE_NAMES, featureVector } from './features';
import { predict } from './logistic-regression';
import type { RankedItem } from './ranked-item';
import { mixTop, scoreCandidates } from './ranker';

/** The same weight for a measure of every kind. */
const weightsOf = (weights: Partial<Record<MeasuredFeature | 'bias', number>>): number[] => {
  const byName = new Map<string, number>(Object.entries(weights));
  return FEATURE_NAMES.map((name) => byName.get(name.split(':').pop()!) ?? 0);
};

const candidate = (overrides: Partial<Candidate> = {}): Candidate => ({
  contentType: 'user',
  contentId: 'u-1',
  content: 'grace',
  features: {},
  reasons: [REASONS.popularPerson()],
  ...overrides,
});

const item = (
  contentId: string,
  contentType: RecommendationContentType,
  score: number,
  authorId?: string,
): RankedItem => ({
  contentId,
  contentType,
  score,
  reason: 'Popular on Wave',
  category: 'popular',
  content: contentId,
  features: [],
  ...(authorId ? { authorId } : {}),
});

const idsOf = (items: readonly RankedItem[]): string[] => items.map((i) => i.contentId);

describe(scoreCandidates.name, () => {
  const followedAndTopical = candidate({
    features: { graph: 0.5, topic: 2, popularity: 0.4 },
    reasons: [REASONS.followedBy('grace', 3), REASONS.postsAbout('ai'), REASONS.popularPerson()],
  });

  it('names the reason whose feature adds most to the score', () => {
    const [topical] = scoreCandidates([followedAndTopical], weightsOf({ graph: 2, topic: 1 }));
    expect(topical).toMatchObject({ reason: 'Posts about #ai', category: 'topics' });

    const [followed] = scoreCandidates([followedAndTopical], weightsOf({ graph: 5, topic: 1 }));
    expect(followed).toMatchObject({
      reason: 'Followed by @grace and 2 others you follow',
      category: 'network',
    });
  });

  it('weighs the contribution to the score, not the size of the feature or of the weight', () => {
    // topic: 2 × 0.1 = 0.2; graph: 0.5 × 2 = 1; popularity: 0.4 × 3 = 1.2.
    const [sut] = scoreCandidates(
      [followedAndTopical],
      weightsOf({ graph: 2, topic: 0.1, popularity: 3 }),
    );
    expect(sut).toMatchObject({ reason: 'Popular on Wave', category: 'popular' });
  });

  it('does not depend on the order the sources gave their reasons in', () => {
    const reversed = { ...followedAndTopical, reasons: [...followedAndTopical.reasons].reverse() };
    const weights = weightsOf({ graph: 2, topic: 1 });
    expect(scoreCandidates([reversed], weights)[0]!.reason).toBe(
      scoreCandidates([followedAndTopical], weights)[0]!.reason,
    );
  });

  it('prefers a reason resting on a feature, even one that lowers the score, to one on none', () => {
    const [sut] = scoreCandidates(
      [
        candidate({
          features: { popularity: 1 },
          reasons: [
            { feature: null, category: 'similar', text: 'Something else' },
            REASONS.popularPerson(),
          ],
        }),
      ],
      weightsOf({ popularity: -1 }),
    );
    expect(sut!.reason).toBe('Popular on Wave');
  });

  it('weighs a measure with the weight of the candidate’s kind', () => {
    const features = { topic: 1 };
    const reasons = [REASONS.popularIn('ai')];
    const weights = FEATURE_NAMES.map((name) => (name === 'post:topic' ? 2 : 0));
    const [post, person] = scoreCandidates(
      [
        candidate({ contentType: 'post', contentId: 'p-1', features, reasons }),
        candidate({ contentType: 'user', contentId: 'u-1', features, reasons }),
      ],
      weights,
    );
    expect(post!.score).toBe(
      Math.round(predict(weights, featureVector('post', features)) * 1e4) / 1e4,
    );
    expect(post!.score).toBeGreaterThan(0.85);
    expect(person!.score).toBe(0.5);
  });

  it('uses the only reason there is', () => {
    const [sut] = scoreCandidates(
      [candidate({ reasons: [{ feature: null, category: 'similar', text: 'Something else' }] })],
      weightsOf({ bias: 1 }),
    );
    expect(sut).toMatchObject({ reason: 'Something else', category: 'similar' });
  });

  it('scores with the model, as a probability rounded to 4 decimals', () => {
    const weights = weightsOf({ bias: -1, graph: 0.7, topic: 0.35 });
    const [sut] = scoreCandidates([followedAndTopical], weights);
    const exact = predict(weights, featureVector('user', followedAndTopical.features));
    expect(sut!.score).toBe(Math.round(exact * 10_000) / 10_000);
    expect(sut!.score).not.toBe(exact);
    expect(sut!.score).toBe(Number(sut!.score.toFixed(4)));
  });

  it.each([
    [{}, 0.5],
    [{ bias: 50 }, 1],
    [{ bias: -50 }, 0],
  ])('keeps the score within 0..1 for the weights %p', (weights, expected) => {
    expect(scoreCandidates([followedAndTopical], weightsOf(weights))[0]!.score).toBe(expected);
  });

  it('carries what the API returns, the features it scored, and the author of a post', () => {
    const post = candidate({
      contentType: 'post',
      contentId: 'p-1',
      content: 'Compilers are fun #ai',
      authorId: 'u-9',
      features: { topic: 1.5, freshness: 0.8 },
      reasons: [REASONS.popularIn('ai'), REASONS.popularPost()],
    });
    const [sut] = scoreCandidates([post], weightsOf({ topic: 1 }));
    expect(sut).toEqual({
      contentId: 'p-1',
      contentType: 'post',
      score: expect.any(Number),
      reason: 'Popular in #ai this week',
      category: 'topics',
      content: 'Compilers are fun #ai',
      features: featureVector('post', post.features),
      authorId: 'u-9',
    });
  });

  it('gives no author to people and communities', () => {
    const [sut] = scoreCandidates([candidate()], weightsOf({}));
    expect(sut).not.toHaveProperty('authorId');
  });

  it('scores every candidate, in the order given', () => {
    const sut = scoreCandidates(
      [candidate({ contentId: 'b' }), candidate({ contentId: 'a' }), candidate({ contentId: 'c' })],
      weightsOf({}),
    );
    expect(idsOf(sut)).toEqual(['b', 'a', 'c']);
    expect(scoreCandidates([], weightsOf({}))).toEqual([]);
  });
});

describe(mixTop.name, () => {
  const people = [0.9, 0.8, 0.7, 0.6, 0.5].map((score, i) => item(`u${i + 1}`, 'user', score));

  it('returns at most n items, best first', () => {
    const sut = mixTop(people, 3);
    expect(idsOf(sut)).toEqual(['u1', 'u2', 'u3']);
    expect(mixTop(people, 10)).toHaveLength(5);
    expect(mixTop(people, 0)).toEqual([]);
  });

  it('includes the best of each kind even when it scores lower than the rest', () => {
    const items = [
      ...people,
      item('p1', 'post', 0.2, 'a1'),
      item('p2', 'post', 0.1, 'a2'),
      item('c1', 'community', 0.05),
    ];
    expect(idsOf(mixTop(items, 3))).toEqual(['u1', 'p1', 'c1']);
    expect(idsOf(mixTop(items, 4))).toEqual(['u1', 'u2', 'p1', 'c1']);
  });

  it('picks the best-scored kinds by score when fewer than three items are asked for', () => {
    const items = [item('u1', 'user', 0.01), item('p1', 'post', 0.2), item('c1', 'community', 0.9)];
    expect(idsOf(mixTop(items, 1))).toEqual(['c1']);
    expect(idsOf(mixTop(items, 2))).toEqual(['c1', 'p1']);
  });

  it('fills the list with the rest when a kind has nothing to offer', () => {
    const items = [...people, item('c1', 'community', 0.1)];
    expect(idsOf(mixTop(items, 3))).toEqual(['u1', 'u2', 'c1']);
  });

  it('sorts what it chose by score, highest first', () => {
    const items = [
      item('c1', 'community', 0.3),
      item('p1', 'post', 0.95, 'a1'),
      ...people,
      item('c2', 'community', 0.85),
    ];
    const sut = mixTop(items, 5);
    expect(idsOf(sut)).toEqual(['p1', 'u1', 'c2', 'u2', 'u3']);
    expect(sut.map((i) => i.score)).toEqual([...sut.map((i) => i.score)].sort((a, b) => b - a));
  });

  it('takes one post per author at most', () => {
    const items = [
      item('p1', 'post', 0.9, 'busy'),
      item('p2', 'post', 0.8, 'busy'),
      item('p3', 'post', 0.7, 'busy'),
      item('p4', 'post', 0.6, 'quiet'),
    ];
    expect(idsOf(mixTop(items, 10))).toEqual(['p1', 'p4']);
  });

  it('limits posts by author only: people and communities are not posts', () => {
    const items = [item('u1', 'user', 0.9), item('u2', 'user', 0.8), item('c1', 'community', 0.7)];
    expect(idsOf(mixTop(items, 10))).toEqual(['u1', 'u2', 'c1']);
  });

  it('orders equal scores by id, whatever the order it is given', () => {
    const items = [
      item('c', 'user', 0.5),
      item('a', 'user', 0.5),
      item('d', 'user', 0.5),
      item('b', 'user', 0.5),
    ];
    expect(idsOf(mixTop(items, 3))).toEqual(['a', 'b', 'c']);
    expect(idsOf(mixTop([...items].reverse(), 3))).toEqual(['a', 'b', 'c']);
  });

  it('picks the same post of an author among equal scores, whatever the order', () => {
    const items = [item('p2', 'post', 0.5, 'busy'), item('p1', 'post', 0.5, 'busy')];
    expect(idsOf(mixTop(items, 2))).toEqual(['p1']);
    expect(idsOf(mixTop([...items].reverse(), 2))).toEqual(['p1']);
  });

  it('leaves the list it is given as it was', () => {
    const items = [item('c1', 'community', 0.1), ...people];
    const before = [...items];
    mixTop(items, 3);
    expect(items).toEqual(before);
  });
});
