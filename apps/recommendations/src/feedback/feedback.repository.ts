import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { RecommendationFeedbackRequest } from '@wave/contracts';

@Injectable()
export class FeedbackRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps the feedback and, for a dismissal, never suggests the item to the member again. */
  async record(userId: string, feedback: RecommendationFeedbackRequest, at: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO feedback (id, user_id, action, content_type, content_id, score, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          uuidv7(),
          userId,
          feedback.action,
          feedback.contentType,
          feedback.contentId,
          feedback.score ?? null,
          at,
        ],
      );
      if (feedback.action === 'dismiss') {
        await manager.query(
          `INSERT INTO dismissals (user_id, content_type, content_id, dismissed_at)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [userId, feedback.contentType, feedback.contentId, at],
        );
      }
    });
  }

  /** Which of these items the member dismissed. */
  async dismissedAmong(
    userId: string,
    items: readonly { contentType: string; contentId: string }[],
  ): Promise<Set<string>> {
    if (items.length === 0) return new Set();
    const rows = await this.dataSource.query<{ key: string }[]>(
      `SELECT d.content_type || ':' || d.content_id AS key FROM dismissals d
       JOIN unnest($2::varchar[], $3::uuid[]) AS t(content_type, content_id)
         ON d.content_type = t.content_type AND d.content_id = t.content_id
       WHERE d.user_id = $1`,
      [userId, items.map((i) => i.contentType), items.map((i) => i.contentId)],
    );
    return new Set(rows.map((row) => row.key));
  }
}
