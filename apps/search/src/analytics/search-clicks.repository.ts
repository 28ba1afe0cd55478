import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SearchAnalyticsRequest } from '@wave/contracts';
import { SearchClickEntity } from './search-click.entity';

/** The only code that writes chosen search results. */
@Injectable()
export class SearchClicksRepository {
  /** Records a chosen result (in the caller's transaction); answers when it was recorded. */
  async insert(
    manager: EntityManager,
    id: string,
    userId: string | null,
    click: SearchAnalyticsRequest,
  ): Promise<Date> {
    const rows: { created_at: Date }[] = await manager.query(
      `INSERT INTO ${manager.connection.getMetadata(SearchClickEntity).tablePath}
         (id, user_id, query, result_id, result_type)
       VALUES ($1, $2, $3, $4, $5) RETURNING created_at`,
      [id, userId, click.query, click.resultId, click.resultType],
    );
    return new Date(rows[0]!.created_at);
  }
}
