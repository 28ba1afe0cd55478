import {
  recordImpressionsRequestSchema,
  trackPageViewRequestSchema,
  userAnalyticsParamsSchema,
  userAnalyticsQuerySchema,
} from './analytics.contract';
import { seoAnalyzeRequestSchema, seoOptimizeRequestSchema } from './seo.contract';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('analytics contracts', () => {
  it('takes a path on this site as a page view, and nothing else', () => {
    expect(
      trackPageViewRequestSchema.parse({ url: '/tweet/1?ref=x', userAgent: 'Mozilla/5.0' }),
    ).toEqual({ url: '/tweet/1?ref=x', userAgent: 'Mozilla/5.0' });
    expect(trackPageViewRequestSchema.parse({ url: '/' })).toEqual({ url: '/', userAgent: '' });
    for (const url of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'tweet/1', '']) {
      expect(messageOf(trackPageViewRequestSchema.safeParse({ url }))).toMatch(/^url /);
    }
    expect(messageOf(trackPageViewRequestSchema.safeParse({ url: '/a\u0000' }))).toBe(
      'url must not contain control characters',
    );
  });

  it('takes between 1 and 100 post ids as impressions', () => {
    const id = '0190b1de-1111-7000-8000-000000000001';
    expect(recordImpressionsRequestSchema.parse({ tweetIds: [id] })).toEqual({ tweetIds: [id] });
    expect(messageOf(recordImpressionsRequestSchema.safeParse({ tweetIds: [] }))).toBe(
      'tweetIds must name at least one post',
    );
    expect(
      messageOf(recordImpressionsRequestSchema.safeParse({ tweetIds: Array(101).fill(id) })),
    ).toBe('tweetIds can name at most 100 posts');
    expect(messageOf(recordImpressionsRequestSchema.safeParse({ tweetIds: ['x'] }))).toBe(
      'tweetIds must be a valid id',
    );
  });

  it('takes the three ranges and a real time zone', () => {
    const userId = '0190b1de-1111-7000-8000-000000000001';
    expect(userAnalyticsParamsSchema.parse({ userId, range: '90d' })).toEqual({
      userId,
      range: '90d',
    });
    expect(messageOf(userAnalyticsParamsSchema.safeParse({ userId, range: '1y' }))).toBe(
      'range must be one of: 7d, 30d, 90d',
    );
    expect(userAnalyticsQuerySchema.parse({})).toEqual({ tz: 'UTC' });
    expect(userAnalyticsQuerySchema.parse({ tz: 'Europe/Paris' })).toEqual({ tz: 'Europe/Paris' });
    expect(messageOf(userAnalyticsQuerySchema.safeParse({ tz: 'Mars/Olympus' }))).toBe(
      'tz must be a time zone such as Europe/Paris or UTC',
    );
  });

  it('needs a title and content to analyse, and at least one keyword to optimise for', () => {
    expect(seoAnalyzeRequestSchema.parse({ title: 'T', content: 'C' })).toEqual({
      title: 'T',
      content: 'C',
      description: '',
    });
    expect(messageOf(seoAnalyzeRequestSchema.safeParse({ content: 'C' }))).toBe(
      'title is required',
    );
    expect(messageOf(seoAnalyzeRequestSchema.safeParse({ title: 'T', content: ' ' }))).toBe(
      'content is required',
    );
    expect(messageOf(seoOptimizeRequestSchema.safeParse({ content: 'C', keywords: [] }))).toBe(
      'keywords must name at least one keyword',
    );
    expect(messageOf(seoOptimizeRequestSchema.safeParse({ content: 'C', keywords: [' '] }))).toBe(
      'a keyword cannot be empty',
    );
  });
});
