import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { AuthorsRepository } from './authors/authors.repository';
import { MediaClaimsService } from './common/media-claims.service';
import { CommunitiesController } from './communities/communities.controller';
import { CommunitiesRepository } from './communities/communities.repository';
import { CommunitiesService } from './communities/communities.service';
import type { CommunitiesConfig } from './config/communities.config';
import { COMMUNITIES_CONFIG } from './config/communities.config';
import { CommunitiesEventsWorker } from './events/communities-events.worker';
import { PostsController } from './posts/posts.controller';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';
import { CommunitiesRpcServer } from './rpc/communities-rpc.server';

/** Communities' own module; its infrastructure is `communitiesService`'s (service.ts). */
@Module({})
export class AppModule {
  static register(config: CommunitiesConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [CommunitiesController, PostsController],
      providers: [
        { provide: COMMUNITIES_CONFIG, useValue: config },
        AuthorsRepository,
        CommunitiesRepository,
        PostsRepository,
        MediaClaimsService,
        CommunitiesService,
        PostsService,
        CommunitiesEventsWorker,
        CommunitiesRpcServer,
      ],
    };
  }
}
