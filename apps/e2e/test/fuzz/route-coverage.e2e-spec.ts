import { declaredRoutes, gatewayRouteTable } from './declared-routes';
import { FUZZ_TARGETS, targetName } from './fuzz-targets';

/** Routes a service serves to its probes only; the gateway never routes to them. */
const PROBE_ROUTES = new Set(['GET /health', 'GET /health/ready']);

describe('fuzz targets', () => {
  const declared = declaredRoutes();
  const public_ = declared.filter((route) => !PROBE_ROUTES.has(`${route.method} ${route.path}`));
  const targets = new Set(FUZZ_TARGETS.map(targetName));

  it('finds the routes the services declare', () => {
    // A sanity floor: if parsing stopped finding controllers, the checks below would pass vacuously.
    expect(public_.length).toBeGreaterThanOrEqual(50);
    expect(public_.map((route) => `${route.method} ${route.path}`)).toContain('POST /api/tweets');
  });

  it('has a target for every route a controller declares', () => {
    const missing = public_
      .filter((route) => !targets.has(`${route.method} ${route.path}`))
      .map((route) => `${route.method} ${route.path} (${route.source})`);
    expect(missing).toEqual([]);
  });

  it('names no route that no controller declares', () => {
    const known = new Set(public_.map((route) => `${route.method} ${route.path}`));
    expect([...targets].filter((name) => !known.has(name))).toEqual([]);
  });

  it('names each route once', () => {
    expect(targets.size).toBe(FUZZ_TARGETS.length);
  });

  describe("against the gateway's route table", () => {
    const table = gatewayRouteTable();
    /** A target's path as a request would have it: each `:name` parameter filled in. */
    const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'x1');
    const paths = FUZZ_TARGETS.map((target) => concrete(target.path));

    it('reads the rules and the routes the gateway answers itself', () => {
      // A sanity floor, as above: a table read as empty would pass the checks below.
      expect(table.patterns.length).toBeGreaterThanOrEqual(10);
      expect(table.ownPaths).toContain('/api/health');
    });

    it('has a target for every rule and every route the gateway answers', () => {
      const untargeted = [
        ...table.patterns
          .filter(({ regex }) => !paths.some((path) => regex.test(path)))
          .map(({ source }) => source),
        ...table.ownPaths.filter((own) => !paths.includes(own)),
      ];
      expect(untargeted).toEqual([]);
    });

    it('names only routes the gateway routes', () => {
      const unrouted = FUZZ_TARGETS.filter((target) => {
        const path = concrete(target.path);
        return (
          !table.ownPaths.includes(path) && !table.patterns.some(({ regex }) => regex.test(path))
        );
      }).map(targetName);
      expect(unrouted).toEqual([]);
    });
  });
});
