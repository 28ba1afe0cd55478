import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { CandidatesRepository } from './candidates/candidates.repository';
import { CandidatesService } from './candidates/candidates.service';
import type { RecommendationsConfig } from './config/recommendations.config';
import { RECOMMENDATIONS_CONFIG } from './config/recommendations.config';
import { RecommendationsEventsWorker } from './events/recommendations-events.worker';
import { FeedbackRepository } from './feedback/feedback.repository';
import { OwnersCheckService } from './owners/owners-check.service';
import { ImpressionsRepository } from './ranking/impressions.repository';
import { ModelService } from './ranking/model.service';
import { ModelsRepository } from './ranking/models.repository';
import { RecommendationsCache } from './recommendations/recommendations.cache';
import { RecommendationsController } from './recommendations/recommendations.controller';
import { RecommendationsService } from './recommendations/recommendations.service';
import { SignalsRepository } from './signals/signals.repository';
import { SignalsService } from './signals/signals.service';
import { TrainingWorker } from './training/training.worker';

/** Recommendations' own module; its infrastructure is `recommendationsService`'s (service.ts). */
@Module({})
export class AppModule {
  static register(config: RecommendationsConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [RecommendationsController],
      providers: [
        { provide: RECOMMENDATIONS_CONFIG, useValue: config },
        SignalsRepository,
        SignalsService,
        RecommendationsEventsWorker,
        CandidatesRepository,
        CandidatesService,
        ModelsRepository,
        ModelService,
        ImpressionsRepository,
        FeedbackRepository,
        OwnersCheckService,
        RecommendationsCache,
        RecommendationsService,
        TrainingWorker,
      ],
    };
  }
}
