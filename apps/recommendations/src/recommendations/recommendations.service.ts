import { Injectable, Logger } from '@nestjs/common';
import type {
  Recommendation,
  RecommendationContentType,
  RecommendationFeedbackRequest,
} from '@wave/contracts';
import { RECOMMENDATION_CONTENT_TYPES, RECOMMENDATIONS_MAX } from '@wave/contracts';
import { CandidatesService } from '../candidates/candidates.service';
import { FeedbackRepository } from '../feedback/feedback.repository';
import { OwnersCheckService } from '../owners/owners-check.service';
import { ImpressionsRepository } from '../ranking/impressions.repository';
import { ModelService } from '../ranking/model.service';
import type { RankedItem } from '../ranking/ranked-item';
import { mixTop, scoreCandidates } from '../ranking/ranker';
import { RecommendationsCache } from './recommendations.cache';

const toRecommendation = (item: RankedItem): Recommendation => ({
  contentId: item.contentId,
  contentType: item.contentType,
  score: item.score,
  reason: item.reason,
  category: item.category,
  content: item.content,
  ...(item.user ? { user: item.user } : {}),
});

/**
 * A member's recommendations: candidates from the sources, scored by the trained ranker, mixed
 * across people, posts and communities, cached per member; then, on every read, what the member
 * followed, joined or dismissed since is taken out (OwnersCheckService, the dismissals).
 */
@Injectable()
export class RecommendationsService {
  private readonly logger = new Logger(RecommendationsService.name);

  constructor(
    private readonly candidates: CandidatesService,
    private readonly model: ModelService,
    private readonly cache: RecommendationsCache,
    private readonly owners: OwnersCheckService,
    private readonly feedback: FeedbackRepository,
    private readonly impressions: ImpressionsRepository,
  ) {}

  /** The member's best `max` items, the kinds mixed, or of one kind (`type`). */
  async recommend(
    userId: string,
    max: number,
    type?: RecommendationContentType,
    now = new Date(),
  ): Promise<Recommendation[]> {
    const cached = (await this.cache.get(userId)) ?? (await this.compute(userId, now));
    const list = type ? cached.filter((item) => item.contentType === type) : cached;
    const users = list.filter((item) => item.contentType === 'user').map((item) => item.contentId);
    const communities = list
      .filter((item) => item.contentType === 'community')
      .map((item) => item.contentId);
    const authors = list.flatMap((item) => (item.authorId ? [item.authorId] : []));
    const [followed, joined, dismissed] = await Promise.all([
      this.owners.followedAmong(userId, [...new Set([...users, ...authors])]),
      this.owners.joinedAmong(userId, communities),
      this.feedback.dismissedAmong(userId, list),
    ]);
    const open = list.filter(
      (item) =>
        !dismissed.has(`${item.contentType}:${item.contentId}`) &&
        !(item.contentType === 'user' && followed.has(item.contentId)) &&
        !(item.authorId && followed.has(item.authorId)) &&
        !(item.contentType === 'community' && joined.has(item.contentId)),
    );
    const shown = mixTop(open, max);
    // Training data: one statement; a failure costs the ranker these impressions, not the answer.
    await this.impressions.recordShown(userId, shown, now).catch((error: unknown) => {
      this.logger.warn(`impressions not recorded: ${String(error)}`);
    });
    return shown.map(toRecommendation);
  }

  async recordFeedback(
    userId: string,
    feedback: RecommendationFeedbackRequest,
    now = new Date(),
  ): Promise<void> {
    await this.feedback.record(userId, feedback, now);
    await this.impressions.markOutcome(
      userId,
      feedback.contentType,
      feedback.contentId,
      feedback.action === 'dismiss' ? 'dismissed' : 'clicked',
      now,
    );
    await this.cache.forget([userId]);
  }

  /**
   * Ranks the member's candidates and caches the best RECOMMENDATIONS_MAX of each kind: enough
   * for any list asked, mixed or of one kind, after the read's own filters.
   */
  private async compute(userId: string, now: Date): Promise<RankedItem[]> {
    const [candidates, model] = await Promise.all([
      this.candidates.candidatesFor(userId, now),
      this.model.current(now.getTime()),
    ]);
    const scored = scoreCandidates(candidates, model.weights);
    const ranked = RECOMMENDATION_CONTENT_TYPES.flatMap((kind) =>
      mixTop(
        scored.filter((item) => item.contentType === kind),
        RECOMMENDATIONS_MAX,
      ),
    );
    await this.cache.set(userId, ranked);
    return ranked;
  }
}
