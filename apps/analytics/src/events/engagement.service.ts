import { Inject, Injectable } from '@nestjs/common';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';
import { rawEventsWindow } from '../maintenance/partition-windows.util';
import { EngagementRepository } from './engagement.repository';
import type { AnalyticsEvent } from './event-effects.util';
import { effectOf } from './event-effects.util';

/** Applies the events of the `analytics-events` queue, each exactly once. */
@Injectable()
export class EngagementService {
  constructor(
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly repository: EngagementRepository,
  ) {}

  /** Returns false for an event applied before (a redelivery). */
  async apply(event: AnalyticsEvent, now = new Date()): Promise<boolean> {
    return (await this.applyAll([event], now)).has(event.eventId.toLowerCase());
  }

  /** Applies events together, all or none; returns the ids (lower case) not applied before. */
  applyAll(events: readonly AnalyticsEvent[], now = new Date()): Promise<Set<string>> {
    return this.repository.applyAll(
      events.map((event) => ({ eventId: event.eventId, effect: effectOf(event) })),
      rawEventsWindow(this.config, now),
    );
  }
}
