import { API_DOCS_PATH, gatewayRouteOf, matchRoute } from './route-table';

describe(gatewayRouteOf.name, () => {
  it('names the routes the gateway answers itself', () => {
    expect(gatewayRouteOf('/api/health')).toBe('/api/health');
  });

  it.each(['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui.css'])(
    'takes %s for the documentation, all of it under one label, and no rule takes it',
    (path) => {
      expect(gatewayRouteOf(path)).toBe(API_DOCS_PATH);
      expect(matchRoute(path)).toBeNull();
    },
  );

  it.each(['/api/docsx', '/api/doc', '/api/tweets', '/docs', '/api/health/x'])(
    'leaves %s to the route table',
    (path) => {
      expect(gatewayRouteOf(path)).toBeNull();
    },
  );
});
