import Fastify from 'fastify';
import type { Upstream } from './route-table';
import {
  matchRoute,
  pathOf,
  PROXIED_PATHS,
  ROUTE_LIMIT_NAMES,
  ROUTES,
  routeLabelOf,
  UPSTREAMS,
} from './route-table';

/** A path of every rule, with the service it goes to. */
const ROUTED: [string, Upstream][] = [
  ['/api/register', 'identity'],
  ['/api/login', 'identity'],
  ['/api/logout', 'identity'],
  ['/api/user', 'identity'],
  ['/api/user?x=1', 'identity'],
  ['/api/users/ada', 'identity'],
  ['/api/users/profile/images', 'identity'],
  ['/api/users/0190b1de-1111-7000-8000-000000000001/followers?limit=5', 'identity'],
  ['/api/tweets', 'timeline'],
  ['/api/tweets?cursor=abc', 'timeline'],
  ['/api/tweets/pin', 'timeline'],
  ['/api/tweets/0190b1de-1111-7000-8000-000000000001', 'timeline'],
  ['/api/tweets/0190b1de-1111-7000-8000-000000000001/like', 'timeline'],
  ['/api/users/ada/tweets', 'timeline'],
  ['/api/link-preview', 'timeline'],
  ['/api/image-proxy?url=https%3A%2F%2Fexample.com%2Fa.png', 'timeline'],
  ['/api/communities', 'communities'],
  ['/api/communities?category=art%20%26%20design&search=x', 'communities'],
  ['/api/communities/my-communities', 'communities'],
  ['/api/communities/0190b1de-1111-7000-8000-000000000001/join', 'communities'],
  [
    '/api/communities/0190b1de-1111-7000-8000-000000000001/requests/0190b1de-1111-7000-8000-000000000002/approve',
    'communities',
  ],
  ['/api/posts/0190b1de-1111-7000-8000-000000000001', 'communities'],
  ['/api/posts/0190b1de-1111-7000-8000-000000000001/comments?limit=5', 'communities'],
  ['/api/search?q=launch&type=posts', 'search'],
  ['/api/search/analytics', 'search'],
  ['/api/trends?limit=5', 'search'],
  ['/api/objects/upload', 'media'],
  ['/objects/uploads/0190b1de-1111-7000-8000-000000000001?expires=1&signature=x', 'media'],
  ['/objects/uploads/0190b1de-1111-7000-8000-000000000001/display', 'media'],
  ['/api/ai/recommendations', 'recommendations'],
  ['/api/ai/recommendations?maxRecommendations=5', 'recommendations'],
  ['/api/ai/feedback', 'recommendations'],
  ['/api/seo/track', 'analytics'],
  ['/api/seo/analyze', 'analytics'],
  ['/api/seo/optimize', 'analytics'],
  ['/api/seo/analytics', 'analytics'],
  ['/api/seo/recommendations', 'analytics'],
  ['/api/analytics/impressions', 'analytics'],
  ['/api/analytics/views?ids=0190b1de-1111-7000-8000-000000000001', 'analytics'],
  ['/api/analytics/user/0190b1de-1111-7000-8000-000000000001/30d?tz=Europe%2FParis', 'analytics'],
  ['/sitemap.xml', 'analytics'],
  ['/sitemap.xml?x=1', 'analytics'],
  ['/sitemaps/posts-1.xml', 'analytics'],
  ['/sitemaps/anything', 'analytics'],
];

describe(matchRoute.name, () => {
  it.each(ROUTED)('sends %s to %s', (url, upstream) => {
    expect(matchRoute(url)?.upstream).toBe(upstream);
  });

  it('answers page views itself (it queues them for analytics), and proxies the rest', () => {
    expect(ROUTES.filter((rule) => rule.inGateway).map((rule) => rule.pattern.source)).toEqual([
      '^\\/api\\/seo\\/track$',
    ]);
    expect(matchRoute('/api/seo/track')).toMatchObject({
      upstream: 'analytics',
      limit: 'pageViews',
    });
  });

  it.each([
    '/api/nope',
    '/api/user/extra',
    '/api/registerx',
    '/',
    '/api',
    '/api/health',
    '/apiusers',
    '/api/communitiesx',
    '/api/search/other',
    '/api/trendsx',
    '/api/posts',
    '/api/posts/a/b/c',
    '/api/seo/trackx',
    '/api/seo',
    '/api/seo/analyzer',
    '/api/seo/optimize/x',
    '/api/analytics',
    '/api/analytics/user/x',
    '/api/analytics/user/x/7d/more',
    '/api/analytics/views/x',
    '/api/ai',
    '/api/ai/',
    '/api/ai/recommendations/x',
    '/api/ai/recommendationsx',
    '/api/ai/feedback/x',
    '/api/ai/other',
    '/sitemap.xml/x',
    '/sitemapxxml',
    '/sitemaps',
    '/sitemaps/',
    '/sitemaps/a/b',
    '/robots.txt',
  ])('has no route for %s', (url) => {
    expect(matchRoute(url)).toBeNull();
  });

  it('gives link previews and the image proxy limits of their own, and only them', () => {
    expect(matchRoute('/api/link-preview')?.limit).toBe('linkPreview');
    expect(matchRoute('/api/image-proxy?url=x&sig=y')?.limit).toBe('imageProxy');
    expect(matchRoute('/api/tweets')?.limit).toBeUndefined();
    expect(matchRoute('/api/users/ada/tweets')?.limit).toBeUndefined();
    expect(
      matchRoute('/objects/uploads/0190b1de-1111-7000-8000-000000000001')?.limit,
    ).toBeUndefined();
  });

  it('gives page views and impressions limits of their own, and only them', () => {
    expect(matchRoute('/api/seo/track')?.limit).toBe('pageViews');
    expect(matchRoute('/api/analytics/impressions')?.limit).toBe('impressions');
    expect(matchRoute('/api/analytics/user/x/7d')?.limit).toBeUndefined();
  });

  it('limits SEO analyses on their own', () => {
    expect(matchRoute('/api/seo/analyze')?.limit).toBe('seoAnalysis');
    expect(matchRoute('/api/seo/optimize')?.limit).toBe('seoAnalysis');
  });

  it('gives recommendations and feedback no limit of their own (the general budget counts them)', () => {
    expect(matchRoute('/api/ai/recommendations')?.limit).toBeUndefined();
    expect(matchRoute('/api/ai/feedback')?.limit).toBeUndefined();
  });

  it('routes to every upstream it knows, each of which has rules', () => {
    expect([...new Set(ROUTES.map((rule) => rule.upstream))].sort()).toEqual([...UPSTREAMS].sort());
  });

  it('uses every named route limit', () => {
    const used = ROUTES.flatMap((rule) => (rule.limit ? [rule.limit] : []));
    expect([...new Set(used)].sort()).toEqual([...ROUTE_LIMIT_NAMES].sort());
  });

  it('ignores the query and fragment', () => {
    expect(pathOf('/api/user?next=/api/users#x')).toBe('/api/user');
  });
});

describe('PROXIED_PATHS', () => {
  it("take every routed path to the proxy's routes in Fastify's router", async () => {
    const app = Fastify();
    for (const path of PROXIED_PATHS) app.all(path, () => Promise.resolve('proxied'));
    app.get('/api/health', () => Promise.resolve('gateway'));
    try {
      // Not those the gateway answers itself: a controller of its own takes them.
      for (const [url] of ROUTED.filter(([routed]) => matchRoute(routed)?.inGateway !== true)) {
        for (const method of ['GET', 'POST', 'DELETE'] as const) {
          expect(`${method} ${url} ${(await app.inject({ method, url })).body}`).toBe(
            `${method} ${url} proxied`,
          );
        }
      }
      expect((await app.inject({ url: '/api/health' })).body).toBe('gateway');
    } finally {
      await app.close();
    }
  });
});

describe(routeLabelOf.name, () => {
  it('names each rule by its pattern, with an :id for each path segment it takes', () => {
    const labelOf = (url: string) => routeLabelOf(matchRoute(url)!);
    expect(labelOf('/api/tweets')).toBe('/api/tweets');
    expect(labelOf('/api/tweets/abc/like')).toBe('/api/tweets/:id(?:/:id)?');
    expect(labelOf('/api/users/abc/tweets')).toBe('/api/users/:id/tweets');
    expect(labelOf('/api/login')).toBe('/api/(?:register|login|logout|user)');
    expect(labelOf('/sitemap.xml')).toBe('/sitemap.xml');
  });

  it('gives every rule a label of its own', () => {
    const labels = ROUTES.map(routeLabelOf);
    expect(new Set(labels).size).toBe(ROUTES.length);
  });
});
