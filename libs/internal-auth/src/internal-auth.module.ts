import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { InternalAuthGuard } from './internal-auth.guard';
import type { InternalAuthOptions } from './internal-auth.options';
import { INTERNAL_AUTH_OPTIONS } from './internal-auth.options';
import { InternalIdentityStrategy } from './internal-identity.strategy';

/** Makes every route of a service require the gateway's signed identity. */
@Module({})
export class InternalAuthModule {
  static forRoot(options: InternalAuthOptions): DynamicModule {
    return {
      module: InternalAuthModule,
      providers: [
        { provide: INTERNAL_AUTH_OPTIONS, useValue: options },
        InternalIdentityStrategy,
        { provide: APP_GUARD, useClass: InternalAuthGuard },
      ],
    };
  }
}
