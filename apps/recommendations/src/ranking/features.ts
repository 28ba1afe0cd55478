import type { RecommendationContentType } from '@wave/contracts';

/**
 * What the ranker knows of a candidate, in this order (a model stores its weights in it).
 * Each is 0 when the candidate source that measures it did not find the candidate.
 */
export const FEATURE_NAMES = [
  'bias',
  /** Friends of friends: log(1 + Adamic-Adar) over the people the member follows. */
  'graph',
  /** log(1 + how many people the member follows follow it, liked it, or are members). */
  'social',
  /** log(1 + co-engagement): members of the member's communities who also joined it. */
  'coEngagement',
  /** log(1 + the member's interest in its hashtags or topics). */
  'topic',
  /** People: log(1 + the TF-IDF weight of the words their bio shares with the member's). */
  'content',
  /** log(1 + followers, engagement or members) / 5. */
  'popularity',
  /** Posts: exp(-age / 48 h); 0 for people and communities. */
  'freshness',
  /** log(1 + engagement per post) of the person, the post's author, or the community. */
  'authorRate',
  /** 1 when the member chose the person (or the post's author) in search. */
  'searched',
  'isUser',
  'isPost',
  'isCommunity',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureVector = number[];

/** The measured features of a candidate, by name (the rest are 0). */
export type Features = Partial<Record<Exclude<FeatureName, 'bias' | `is${string}`>, number>>;

const FIXED: Partial<Record<FeatureName, (type: RecommendationContentType) => number>> = {
  bias: () => 1,
  isUser: (type) => (type === 'user' ? 1 : 0),
  isPost: (type) => (type === 'post' ? 1 : 0),
  isCommunity: (type) => (type === 'community' ? 1 : 0),
};

export function featureVector(type: RecommendationContentType, features: Features): FeatureVector {
  return FEATURE_NAMES.map((name) => {
    const fixed = FIXED[name];
    if (fixed) return fixed(type);
    const value = features[name as keyof Features] ?? 0;
    return Number.isFinite(value) ? value : 0;
  });
}

/**
 * The weights the ranker starts with, before it has learned from outcomes: a prior that
 * favours the network and the member's topics, and a low base rate (most suggestions are
 * ignored). Training replaces them.
 */
export const STARTING_WEIGHTS: Record<FeatureName, number> = {
  bias: -3,
  graph: 1.2,
  social: 0.8,
  coEngagement: 0.8,
  topic: 0.9,
  content: 0.6,
  popularity: 0.4,
  freshness: 0.5,
  authorRate: 0.2,
  searched: 1,
  isUser: 0,
  isPost: -0.2,
  isCommunity: 0,
};
