import { z } from 'zod';

type Environment = Record<string, string | undefined>;

/**
 * The renderer's settings, from the environment of whichever server runs it (`vite preview`
 * for `npm start`, the Node server beside nginx in production). Every one has a default that
 * works on one machine.
 */
export interface PageMetaConfig {
  /** Where the public API is read, as a visitor. */
  gatewayUrl: string;
  /**
   * The origin every canonical, Open Graph and JSON-LD URL names. Configured, never taken from
   * a request's Host header (anyone can send any Host).
   */
  publicOrigin: string;
  /** How long one call to the gateway may take. */
  timeoutMs: number;
}

/** The production server's settings: the renderer's, where it listens, and the built index.html. */
export interface PageMetaServerConfig extends PageMetaConfig {
  host: string;
  port: number;
  indexHtml: string;
}

const httpUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` })
    .transform((value) => value.replace(/\/+$/, ''));

/** The origin of a URL that is nothing more than one (a trailing slash aside), else null. */
function originOnly(value: string): string | null {
  try {
    const url = new URL(value);
    const bare =
      url.pathname === '/' &&
      !value.includes('?') &&
      !value.includes('#') &&
      url.username === '' &&
      url.password === '' &&
      /^[a-z]+:\/\/[^/]+\/?$/i.test(value);
    return bare ? url.origin : null;
  } catch {
    return null;
  }
}

const origin = (name: string) =>
  z
    .url({
      protocol: /^https?$/,
      error: `${name} must be an http(s) origin, e.g. https://wave.example`,
    })
    .refine((value) => originOnly(value) !== null, {
      error: `${name} must be an origin only (scheme, host and port; no path, query or user)`,
    })
    .transform((value) => originOnly(value) ?? value);

const integer = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` });

const rendererSchema = z.object({
  GATEWAY_URL: httpUrl('GATEWAY_URL').default('http://127.0.0.1:3000'),
  PUBLIC_ORIGIN: origin('PUBLIC_ORIGIN').default('http://localhost:8080'),
  PAGE_META_TIMEOUT_MS: integer('PAGE_META_TIMEOUT_MS', 100, 30_000).default(2_000),
});

const serverSchema = rendererSchema.extend({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: integer('PORT', 1, 65_535).default(8081),
  INDEX_HTML: z.string().min(1).default('dist/apps/web/index.html'),
});

/** Empty values count as unset, as in the services' configuration. */
const present = (env: Environment): Environment =>
  Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );

function parse<T extends z.ZodType>(schema: T, env: Environment): z.output<T> {
  const result = schema.safeParse(present(env));
  if (!result.success) {
    throw new Error(
      `Invalid page-meta configuration: ${result.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  return result.data;
}

export function loadPageMetaConfig(env: Environment): PageMetaConfig {
  const values = parse(rendererSchema, env);
  return {
    gatewayUrl: values.GATEWAY_URL,
    publicOrigin: values.PUBLIC_ORIGIN,
    timeoutMs: values.PAGE_META_TIMEOUT_MS,
  };
}

export function loadPageMetaServerConfig(env: Environment): PageMetaServerConfig {
  const values = parse(serverSchema, env);
  return {
    ...loadPageMetaConfig(env),
    host: values.HOST,
    port: values.PORT,
    indexHtml: values.INDEX_HTML,
  };
}
