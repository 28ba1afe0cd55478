import { createHash } from 'node:crypto';
import type { RecommendationContentType } from '@wave/contracts';

/**
 * What the sources measure of a candidate (each 0 when the source that measures it did not find
 * the candidate):
 * - graph: friends of friends, log(1 + Adamic-Adar) over the people the member follows;
 * - social: log(1 + how many people the member follows follow it, liked it, or are members);
 * - coEngagement: log(1 + members of the member's communities who also joined it, or people who
 *   liked what the member liked and liked it);
 * - topic: log(1 + the member's interest in its hashtags or words);
 * - content: log(1 + the TF-IDF weight of the member's words in a bio or a post's text);
 * - popularity: log(1 + followers, engagement or members) / 5;
 * - freshness: -age / 48 h of a post, down to a week (the log of an exponential decay);
 * - authorRate: log(1 + engagement per post) of the person, the post's author, or the community;
 * - searched: 1 when the member chose the person (or the post's author) in search.
 */
export type MeasuredFeature =
  | 'graph'
  | 'social'
  | 'coEngagement'
  | 'topic'
  | 'content'
  | 'popularity'
  | 'freshness'
  | 'authorRate'
  | 'searched';

/**
 * The ranker's inputs, in this order (a model stores its weights in it): a bias, the kind, and
 * each kind's own measures. A measure weighs differently for each kind (a shared hashtag says
 * much about a post and little about a person), so each kind has its own weights, fitted
 * together in one logistic regression so the scores of the kinds compare.
 */
export const FEATURE_NAMES = [
  'bias',
  'isPost',
  'isCommunity',
  'user:graph',
  'user:social',
  'user:topic',
  'user:content',
  'user:popularity',
  'user:authorRate',
  'user:searched',
  'post:social',
  'post:coEngagement',
  'post:topic',
  'post:content',
  'post:popularity',
  'post:freshness',
  'post:authorRate',
  'post:searched',
  'community:social',
  'community:coEngagement',
  'community:topic',
  'community:popularity',
  'community:authorRate',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Names today's features: an impression records the set its vector was made with, and training
 * reads only vectors of today's set (a vector of other features would be read wrongly).
 */
export const FEATURE_SET = createHash('sha1')
  .update(FEATURE_NAMES.join(','))
  .digest('hex')
  .slice(0, 12);
export type FeatureVector = number[];

/** The measured features of a candidate, by name (the rest are 0). */
export type Features = Partial<Record<MeasuredFeature, number>>;

/** The position of a kind's measure in FEATURE_NAMES, or -1 when the kind has no such input. */
export function featureIndex(type: RecommendationContentType, feature: MeasuredFeature): number {
  return (FEATURE_NAMES as readonly string[]).indexOf(`${type}:${feature}`);
}

export function featureVector(type: RecommendationContentType, features: Features): FeatureVector {
  return FEATURE_NAMES.map((name) => {
    if (name === 'bias') return 1;
    if (name === 'isPost') return type === 'post' ? 1 : 0;
    if (name === 'isCommunity') return type === 'community' ? 1 : 0;
    const [kind, feature] = name.split(':') as [RecommendationContentType, MeasuredFeature];
    if (kind !== type) return 0;
    const value = features[feature] ?? 0;
    return Number.isFinite(value) ? value : 0;
  });
}

/**
 * The weights the ranker starts with, before it has learned from outcomes: a prior that
 * favours the network and the member's topics, and a low base rate (most suggestions are
 * ignored); the same for every kind. Training replaces them.
 */
const STARTING_MEASURE_WEIGHTS: Record<MeasuredFeature, number> = {
  graph: 1.2,
  social: 0.8,
  coEngagement: 0.8,
  topic: 0.9,
  content: 0.6,
  popularity: 0.4,
  freshness: 0.5,
  authorRate: 0.2,
  searched: 1,
};

/**
 * Where a kind starts apart: a like is cheap, so people who liked the same posts share less than
 * members of the same communities, and a post's co-engagement starts lower than a community's.
 */
const STARTING_KIND_WEIGHTS: Partial<Record<FeatureName, number>> = {
  bias: -3,
  isPost: -0.2,
  isCommunity: 0,
  'post:coEngagement': 0.3,
};

export const STARTING_WEIGHTS = Object.fromEntries(
  FEATURE_NAMES.map((name) => {
    const own = STARTING_KIND_WEIGHTS[name];
    if (own !== undefined) return [name, own];
    return [name, STARTING_MEASURE_WEIGHTS[name.split(':')[1] as MeasuredFeature]];
  }),
) as Record<FeatureName, number>;
