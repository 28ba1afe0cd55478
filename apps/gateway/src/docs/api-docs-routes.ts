import fastifySwagger from '@fastify/swagger';
import type { StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from '@wave/contracts';
import { API_DOCS_PATH } from '../routing/route-table';

/**
 * The documentation page's Content-Security-Policy, in place of the API's `default-src 'none'`
 * (security-headers.ts) on the documentation's answers only. Swagger UI's scripts and styles
 * are files of this origin (no inline script or style: its own sets styles through the DOM,
 * which a policy does not govern); its icons are data URLs; "Try it out" calls this
 * origin. Nothing may frame it, as nothing may frame the API.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The documentation changes only with a deploy: kept a few minutes, by anyone (it is public). */
export const API_DOCS_CACHE_CONTROL = 'public, max-age=300';

/**
 * The API's documentation, in a Fastify scope of its own: Swagger UI at `/api/docs` over the
 * document made at start (`/api/docs/json`, `/api/docs/yaml`), its files under
 * `/api/docs/static/` (from @fastify/swagger-ui's package, through @fastify/static). The
 * pipeline lets these paths through to here (gatewayRouteOf) after the same checks as the
 * gateway's other routes, the request budget among them; no session is needed.
 */
export function apiDocsRoutes(document: OpenApiDocument) {
  return async (scope: FastifyInstance): Promise<void> => {
    // Before the plugins, so that their routes (and the files') carry it.
    scope.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode < 400) void reply.header('cache-control', API_DOCS_CACHE_CONTROL);
      done(null, payload);
    });
    await scope.register(fastifySwagger, {
      mode: 'static',
      // Served as it is: the plugin's types name OpenAPI 3.0 documents only.
      specification: { document: document as unknown as StaticDocumentSpec['document'] },
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      staticCSP: API_DOCS_CSP,
      theme: { title: 'Wave API' },
      uiConfig: {
        // Not the standalone layout: its top bar (a field to open other documents) draws
        // Swagger's logo with an inline <style>, which the policy above refuses.
        layout: 'BaseLayout',
        deepLinking: true,
      },
    });
  };
}
