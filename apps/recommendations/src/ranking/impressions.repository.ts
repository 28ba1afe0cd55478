import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RecommendationContentType } from '@wave/contracts';
import { FEATURE_SET } from './features';
import type { Sample } from './logistic-regression';
import type { ImpressionOutcome } from './impression.entity';
import type { RankedItem } from './ranked-item';

export interface TrainingSample extends Sample {
  userId: string;
}

@Injectable()
export class ImpressionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The items a member was shown, with their features: one statement; an item shown before keeps
   * its outcome (a row with one keeps its features too, as ranked when the member acted).
   */
  async recordShown(userId: string, items: readonly RankedItem[], at: Date): Promise<void> {
    if (items.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO impressions
         (user_id, content_type, content_id, features, feature_set, score, shown_at)
       SELECT $1, t.content_type, t.content_id, string_to_array(t.features, ',')::float8[], $7,
         t.score, $5
       FROM unnest($2::varchar[], $3::uuid[], $4::text[], $6::float8[])
         AS t(content_type, content_id, features, score)
       ON CONFLICT (user_id, content_type, content_id) DO UPDATE
         SET features = excluded.features, feature_set = excluded.feature_set,
           score = excluded.score, shown_at = excluded.shown_at
         WHERE impressions.outcome IS NULL`,
      [
        userId,
        items.map((item) => item.contentType),
        items.map((item) => item.contentId),
        items.map((item) => item.features.join(',')),
        at,
        items.map((item) => item.score),
        FEATURE_SET,
      ],
    );
  }

  /** A click or dismissal of something shown: its outcome, unless one is known already. */
  async markOutcome(
    userId: string,
    contentType: RecommendationContentType,
    contentId: string,
    outcome: ImpressionOutcome,
    at: Date,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE impressions SET outcome = $4, outcome_at = $5
       WHERE user_id = $1 AND content_type = $2 AND content_id = $3
         AND (outcome IS NULL OR ($4 = 'dismissed' AND outcome = 'clicked'))`,
      [userId, contentType, contentId, outcome, at],
    );
  }

  /**
   * What the ranker learns from, newest first, at most `limit`: items acted on or chosen
   * (label 1), dismissed or ignored for `ignoredAfterHours` (label 0), measured with today's
   * features.
   */
  async trainingSamples(
    now: Date,
    ignoredAfterHours: number,
    limit: number,
  ): Promise<TrainingSample[]> {
    const rows = await this.dataSource.query<
      { userId: string; features: number[]; label: 0 | 1 }[]
    >(
      `SELECT user_id AS "userId", features,
         CASE WHEN outcome IN ('acted', 'clicked') THEN 1 ELSE 0 END AS label
       FROM impressions
       WHERE feature_set = $4
         AND (outcome IS NOT NULL OR shown_at < $1::timestamptz - make_interval(hours => $2))
       ORDER BY shown_at DESC LIMIT $3`,
      [now, ignoredAfterHours, limit, FEATURE_SET],
    );
    return rows.map((row) => ({
      userId: row.userId,
      features: row.features.map(Number),
      label: Number(row.label) === 1 ? 1 : 0,
    }));
  }

  /** Forgets items shown before `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    const result = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM impressions WHERE shown_at < $1`,
      [before],
    );
    return result[1];
  }
}
