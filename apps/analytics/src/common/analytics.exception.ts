import { HttpException, HttpStatus } from '@nestjs/common';

/** Every failure the analytics service reports, with its HTTP status decided in one place. */
export const ANALYTICS_ERROR_CODES = [
  'NOT_YOUR_ANALYTICS',
  'UNKNOWN_TIME_ZONE',
  'SITEMAP_NOT_FOUND',
] as const;
export type AnalyticsErrorCode = (typeof ANALYTICS_ERROR_CODES)[number];

const MESSAGES: Record<AnalyticsErrorCode, string> = {
  NOT_YOUR_ANALYTICS: 'You can only see your own analytics',
  UNKNOWN_TIME_ZONE: 'tz must be a time zone such as Europe/Paris or UTC',
  SITEMAP_NOT_FOUND: 'No such sitemap',
};

export function statusOf(code: AnalyticsErrorCode): HttpStatus {
  switch (code) {
    case 'NOT_YOUR_ANALYTICS':
      return HttpStatus.FORBIDDEN;
    case 'UNKNOWN_TIME_ZONE':
      return HttpStatus.BAD_REQUEST;
    case 'SITEMAP_NOT_FOUND':
      return HttpStatus.NOT_FOUND;
  }
}

export class AnalyticsException extends HttpException {
  constructor(readonly code: AnalyticsErrorCode) {
    super({ message: MESSAGES[code] }, statusOf(code));
    this.name = 'AnalyticsException';
  }
}
