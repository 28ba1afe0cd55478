import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { SearchAnalyticsRequest } from '@wave/contracts';
import { EventOutbox } from '@wave/messaging';
import { SearchClicksRepository } from './search-clicks.repository';

/**
 * Chosen search results: kept for search analytics, and a member's announced as
 * `search.clicked` (in the same transaction), a signal for recommendations. A visitor's
 * choice is kept, and announced to nobody.
 */
@Injectable()
export class SearchClicksService {
  constructor(
    private readonly clicks: SearchClicksRepository,
    private readonly outbox: EventOutbox,
  ) {}

  record(userId: string | null, click: SearchAnalyticsRequest): Promise<void> {
    return this.outbox.transaction(async (manager) => {
      const clickId = uuidv7();
      const at = await this.clicks.insert(manager, clickId, userId, click);
      if (!userId) return;
      await this.outbox.append(manager, 'search.clicked', {
        clickId,
        userId,
        query: click.query,
        resultId: click.resultId,
        resultType: click.resultType,
        at: at.toISOString(),
      });
    });
  }
}
