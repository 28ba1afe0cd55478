import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { ApiOperation } from '@wave/contracts';
import { apiOperations } from '@wave/contracts';
import type { RouteRule } from '../src/routing/route-table';
import {
  API_DOCS_PATH,
  GATEWAY_ROUTES,
  gatewayRouteOf,
  matchRoute,
  ROUTES,
  routeLabelOf,
} from '../src/routing/route-table';

const ROOT = join(__dirname, '../../..');

/** A value for each path parameter any route names, to turn a template into a path. */
const SAMPLE_VALUES: Record<string, string> = {
  id: '0190b1de-1111-7000-8000-000000000001',
  userId: '0190b1de-1111-7000-8000-000000000002',
  idOrUsername: 'ada',
  range: '30d',
  file: 'posts-1.xml',
};

/** `/api/tweets/{id}` as a request would have it. */
const samplePathOf = (template: string): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = SAMPLE_VALUES[name];
    if (value === undefined) throw new Error(`No sample value for {${name}}: add one above`);
    return value;
  });

const nameOf = (operation: ApiOperation) =>
  `${operation.method} ${operation.path} (${operation.operationId})`;

/**
 * Routes registered on Fastify directly rather than by a controller: the documentation's own, by
 * @fastify/swagger-ui (docs/api-docs-routes.ts; its page's files under /static are not API
 * operations). api-docs.spec.ts asks the gateway for each.
 */
const FASTIFY_ROUTES: RealRoute[] = [
  { method: 'GET', path: API_DOCS_PATH, app: 'gateway', source: 'docs/api-docs-routes.ts' },
  {
    method: 'GET',
    path: `${API_DOCS_PATH}/json`,
    app: 'gateway',
    source: 'docs/api-docs-routes.ts',
  },
  {
    method: 'GET',
    path: `${API_DOCS_PATH}/yaml`,
    app: 'gateway',
    source: 'docs/api-docs-routes.ts',
  },
];

interface RealRoute {
  method: string;
  /** As a template: `/api/tweets/{id}`. */
  path: string;
  /** The app that declares it (`apps/<app>`). */
  app: string;
  /** Where, for the failure message. */
  source: string;
}

function controllerFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.controller.ts')) files.push(path);
    }
  };
  for (const app of readdirSync(join(ROOT, 'apps'))) {
    if (app !== 'web' && app !== 'e2e') walk(join(ROOT, 'apps', app, 'src'));
  }
  return files;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);

const joinPath = (...parts: string[]): string =>
  `/${parts
    .join('/')
    .split('/')
    .filter((part) => part.length > 0)
    .join('/')}`;

/**
 * The routes every controller of every app declares, as Nest reads them at start: the
 * controller's path and each handler's path and method (route metadata), `:name` as `{name}`.
 */
async function controllerRoutes(): Promise<RealRoute[]> {
  const routes: RealRoute[] = [];
  for (const file of controllerFiles()) {
    const app = relative(join(ROOT, 'apps'), file).split('/')[0]!;
    const exported = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== 'function') continue;
      const controllerPaths: unknown = Reflect.getMetadata(PATH_METADATA, value);
      if (controllerPaths === undefined) continue;
      const prototype = value.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler);
        if (typeof method !== 'number') continue;
        for (const prefix of asList(controllerPaths)) {
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({
              method: RequestMethod[method] ?? String(method),
              path: joinPath(prefix, path).replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
              app,
              source: `${relative(ROOT, file)} ${value.name}.${name}`,
            });
          }
        }
      }
    }
  }
  return routes;
}

/** Where the gateway sends a path: a rule, the gateway itself, or nowhere. */
const destinationOf = (template: string): RouteRule | 'gateway' | null => {
  const path = samplePathOf(template);
  if (gatewayRouteOf(path) !== null) return 'gateway';
  return matchRoute(path);
};

/** Whether the app declaring a route is the one the gateway sends its path to. */
const reachesItsApp = (route: RealRoute): boolean => {
  const destination = destinationOf(route.path);
  if (destination === null) return false;
  if (destination === 'gateway') return route.app === 'gateway';
  return destination.inGateway ? route.app === 'gateway' : destination.upstream === route.app;
};

describe("the API's documentation and the gateway's routes", () => {
  const operations = apiOperations();

  describe('against the route table', () => {
    it('has sample values that the operations themselves accept', () => {
      const refused = operations.filter((operation) => {
        if (!operation.params) return false;
        const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
        const values = Object.fromEntries(names.map((name) => [name, SAMPLE_VALUES[name]]));
        return !operation.params.safeParse(values).success;
      });
      expect(refused.map(nameOf)).toEqual([]);
    });

    it('documents every rule of ROUTES with an operation of its service', () => {
      const undocumented = ROUTES.filter(
        (rule) =>
          !operations.some(
            (operation) =>
              matchRoute(samplePathOf(operation.path)) === rule &&
              operation.service === rule.upstream,
          ),
      ).map((rule) => `${rule.upstream}: ${routeLabelOf(rule)}`);
      expect(undocumented).toEqual([]);
    });

    it('documents every route the gateway answers itself', () => {
      const documented = new Set<string>(
        operations.filter((operation) => operation.service === 'gateway').map((op) => op.path),
      );
      expect([...GATEWAY_ROUTES, API_DOCS_PATH].filter((path) => !documented.has(path))).toEqual(
        [],
      );
    });

    it("documents each operation under the service the table sends its path to (or the gateway's own)", () => {
      const misplaced = operations
        .filter((operation) => {
          const destination = destinationOf(operation.path);
          if (operation.service === 'gateway') return destination !== 'gateway';
          return (
            destination === null ||
            destination === 'gateway' ||
            destination.upstream !== operation.service ||
            Boolean(destination.inGateway) !== Boolean(operation.inGateway)
          );
        })
        .map(nameOf);
      expect(misplaced).toEqual([]);
    });
  });

  describe("against the services' routes", () => {
    let real: RealRoute[];
    /** The routes the gateway lets clients reach: to the service declaring them, or its own. */
    let exposed: RealRoute[];

    beforeAll(async () => {
      real = [...(await controllerRoutes()), ...FASTIFY_ROUTES];
      exposed = real.filter(reachesItsApp);
    });

    it('finds the routes the controllers declare', () => {
      // A floor: were the controllers no longer found, the checks below would pass vacuously.
      expect(exposed.length).toBeGreaterThanOrEqual(70);
      expect(exposed).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/api/tweets', app: 'timeline' }),
      );
    });

    it('has no public route that the table sends to another service than the one declaring it', () => {
      const astray = real
        .filter((route) => destinationOf(route.path) !== null && !reachesItsApp(route))
        .map((route) => `${route.method} ${route.path} (${route.source})`);
      expect(astray).toEqual([]);
    });

    it('documents every route the gateway exposes', () => {
      const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
      const undocumented = exposed
        .filter((route) => !documented.has(`${route.method} ${route.path}`))
        .map((route) => `${route.method} ${route.path} (${route.source})`);
      expect(undocumented).toEqual([]);
    });

    it('documents no operation that no route serves', () => {
      const served = new Set(exposed.map((route) => `${route.method} ${route.path} ${route.app}`));
      const app = (operation: ApiOperation) =>
        operation.inGateway ? 'gateway' : operation.service;
      const unserved = operations
        .filter((op) => !served.has(`${op.method} ${op.path} ${app(op)}`))
        .map(nameOf);
      expect(unserved).toEqual([]);
    });
  });
});
