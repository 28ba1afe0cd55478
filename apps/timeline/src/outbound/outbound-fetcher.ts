import { Inject, Injectable } from '@nestjs/common';
import type { SafeFetcherOptions } from './safe-fetcher';
import { SafeFetcher } from './safe-fetcher';

/** Options for the injectable fetcher; the app module provides them from its config. */
export const OUTBOUND_OPTIONS = Symbol('OUTBOUND_OPTIONS');
export type OutboundOptions = SafeFetcherOptions;

/** The SSRF-safe fetcher, injectable: `{ provide: OUTBOUND_OPTIONS, useValue: {...} }`. */
@Injectable()
export class OutboundFetcher extends SafeFetcher {
  constructor(@Inject(OUTBOUND_OPTIONS) options: OutboundOptions) {
    super(options);
  }
}
