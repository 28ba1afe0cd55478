import type { RecommendationContentType } from '@wave/contracts';
import type { Candidate } from '../candidates/candidate';
import type { MeasuredFeature } from './features';
import { featureIndex, featureVector } from './features';
import { predict } from './logistic-regression';
import type { RankedItem } from './ranked-item';

/** Scores each candidate with the model and names the reason that counted most. */
export function scoreCandidates(
  candidates: readonly Candidate[],
  weights: readonly number[],
): RankedItem[] {
  return candidates.map((candidate) => {
    const features = featureVector(candidate.contentType, candidate.features);
    const score = predict(weights, features);
    const contribution = (feature: MeasuredFeature | null): number => {
      if (feature === null) return -Infinity;
      const index = featureIndex(candidate.contentType, feature);
      return index < 0 ? 0 : (weights[index] ?? 0) * (features[index] ?? 0);
    };
    let reason = candidate.reasons[0]!;
    for (const other of candidate.reasons) {
      if (contribution(other.feature) > contribution(reason.feature)) reason = other;
    }
    return {
      contentId: candidate.contentId,
      contentType: candidate.contentType,
      score: Math.round(score * 10_000) / 10_000,
      reason: reason.text,
      category: reason.category,
      content: candidate.content,
      features,
      ...(candidate.authorId ? { authorId: candidate.authorId } : {}),
      ...(candidate.user ? { user: candidate.user } : {}),
    };
  });
}

const TYPES: readonly RecommendationContentType[] = ['user', 'post', 'community'];

/**
 * The best `n` items, mixing the three kinds: the best of each kind first (when there is one;
 * the best-scored kinds when `n` is smaller than three), then the best of the rest, in score order; one item per post author at most, so one busy
 * account cannot fill the list.
 */
export function mixTop(items: readonly RankedItem[], n: number): RankedItem[] {
  const sorted = [...items].sort(
    (a, b) => b.score - a.score || a.contentId.localeCompare(b.contentId),
  );
  const chosen: RankedItem[] = [];
  const authors = new Set<string>();
  const take = (item: RankedItem): void => {
    chosen.push(item);
    if (item.authorId) authors.add(item.authorId);
  };
  const allowed = (item: RankedItem): boolean =>
    !chosen.includes(item) && (!item.authorId || !authors.has(item.authorId));
  const bestOfEach = TYPES.flatMap((type) => {
    const best = sorted.find((item) => item.contentType === type);
    return best ? [best] : [];
  }).sort((a, b) => b.score - a.score || a.contentId.localeCompare(b.contentId));
  for (const best of bestOfEach.slice(0, n)) if (allowed(best)) take(best);
  for (const item of sorted) {
    if (chosen.length >= n) break;
    if (allowed(item)) take(item);
  }
  return chosen.sort((a, b) => b.score - a.score || a.contentId.localeCompare(b.contentId));
}
