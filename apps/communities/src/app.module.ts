import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { InternalAuthModule } from '@wave/internal-auth';
import { MessagingModule } from '@wave/messaging';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import { RpcClientModule } from '@wave/rpc';
import type { HealthCheck } from '@wave/service-runtime';
import { HEALTH_CHECKS, HealthModule, loggingModule } from '@wave/service-runtime';
import { AuthorsRepository } from './authors/authors.repository';
import { MediaClaimsService } from './common/media-claims.service';
import { CommunitiesController } from './communities/communities.controller';
import { CommunitiesRepository } from './communities/communities.repository';
import { CommunitiesService } from './communities/communities.service';
import type { CommunitiesConfig } from './config/communities.config';
import { COMMUNITIES_CONFIG } from './config/communities.config';
import { communitiesDataSourceOptions } from './database/communities-data-source';
import { CommunitiesEventsWorker } from './events/communities-events.worker';
import { PostsController } from './posts/posts.controller';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';
import { CommunitiesRpcServer } from './rpc/communities-rpc.server';
import { serviceMetricsModule } from '@wave/metrics';

@Module({})
export class AppModule {
  static register(config: CommunitiesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule({ service: 'communities', level: config.LOG_LEVEL }),
        serviceMetricsModule('communities', config),
        TypeOrmModule.forRoot(communitiesDataSourceOptions(config)),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'communities',
        }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        RpcClientModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX }),
        MessagingModule.forService(config),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT],
          useFactory: (dataSource: DataSource, redis: Redis): HealthCheck[] => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
          ],
        }),
      ],
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
