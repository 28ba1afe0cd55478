import { z } from 'zod';
import { errorResponseSchema } from '../common/error.contract';
import type {
  ApiOperation,
  ApiService,
  HttpMethod,
  OperationResponse,
} from './api-operation.contract';
import { apiOperations } from './api-operations';

/** The API's version in its documentation: the workspace's (package.json; a test keeps them equal). */
export const API_VERSION = '0.1.0';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  /** By media type; an empty object where the body's shape is only described. */
  content?: Record<string, { schema?: JsonSchema }>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `[]`: no session used; `[{session: []}, {}]`: a session is optional. */
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: {
    required: true;
    description?: string;
    content: Record<string, { schema?: JsonSchema }>;
  };
  responses: Record<string, OpenApiResponse>;
}

export type OpenApiPathItem = Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: ApiService; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<
      string,
      { type: 'apiKey'; in: 'cookie'; name: string; description: string }
    >;
  };
}

export interface OpenApiDocumentOptions {
  /** The session cookie's name (SESSION_COOKIE_NAME, which this library cannot import). */
  sessionCookieName: string;
  /** Every operation by default; a test passes its own. */
  operations?: readonly ApiOperation[];
}

/** One tag a service, in this order: what each owns (the README's table). */
const SERVICE_TAGS: Record<ApiService, string> = {
  identity: 'Accounts, sessions, profiles and the follow graph',
  timeline: 'Posts, replies, likes, retweets, pins, the feeds, link previews and the image proxy',
  communities: 'Communities, memberships and roles, community posts, their likes and comments',
  search: 'Search of users, posts and hashtags, and the trends',
  media: 'Uploads into object storage, and serving them',
  recommendations: 'Recommendations of people, posts and communities, and feedback on them',
  analytics: 'Page and post views, personal analytics, SEO analysis and the sitemaps',
  gateway: 'What the gateway answers itself',
};

const SESSION_SCHEME = 'session';
const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };

/**
 * A zod schema as the JSON Schema of what a client sends (`io: 'input'`: before transforms and
 * defaults). Refinements (the text rules, lengths counted in code points) have no JSON Schema
 * and are left out; anything unrepresentable becomes `{}` rather than throwing.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return json;
}

function parametersOf(schema: z.ZodObject, where: 'path' | 'query'): OpenApiParameter[] {
  const json = jsonSchemaOf(schema) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    // Path parameters are always required (OpenAPI says so).
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

type DeclaredResponse = string | OperationResponse;

const describe = (response: DeclaredResponse): string =>
  typeof response === 'string' ? response : response.description;

/**
 * The operation's own answers, and those the gateway and the services give any operation of its
 * kind: a refused parameter or body, no session, a cross-site write, a body over the limit, the
 * request budget, a service down. Where the operation names the status already, its own words
 * stay, and the common cause is added to them where it is a different one (403, 429).
 */
function allResponses(operation: ApiOperation): Map<number, DeclaredResponse> {
  const responses = new Map<number, DeclaredResponse>(
    Object.entries(operation.responses).map(([status, response]) => [Number(status), response]),
  );
  const otherwise = (status: number, description: string) => {
    if (!responses.has(status)) responses.set(status, description);
  };
  const also = (status: number, description: string) => {
    const own = responses.get(status);
    const cause = description.charAt(0).toLowerCase() + description.slice(1);
    if (own === undefined) responses.set(status, description);
    else if (typeof own === 'string') responses.set(status, `${own}; or ${cause}`);
    else responses.set(status, { ...own, description: `${own.description}; or ${cause}` });
  };
  if (operation.params || operation.query || operation.body) {
    otherwise(400, 'A parameter or the body is refused: the message names the field');
  }
  if (operation.auth === 'required') otherwise(401, 'Not signed in');
  if (operation.method !== 'GET') also(403, 'A cross-site request (the Origin check)');
  if (operation.body || operation.rawBody) otherwise(413, "The body is over the route's limit");
  also(429, 'Too many requests from this address (the general budget)');
  if (operation.service !== 'gateway' && !operation.inGateway) {
    otherwise(502, 'The service did not answer in time');
    otherwise(503, 'The service is unavailable');
  }
  return new Map([...responses].sort(([a], [b]) => a - b));
}

function responseOf(status: number, declared: DeclaredResponse): OpenApiResponse {
  const description = describe(declared);
  const own: Partial<OperationResponse> = typeof declared === 'string' ? {} : declared;
  const isError = status >= 400 && own.schema === undefined && own.mediaType === undefined;
  const response: OpenApiResponse = isError
    ? { description, content: { 'application/json': { schema: ERROR_SCHEMA } } }
    : { description };
  const mediaType =
    own.mediaType !== undefined ? own.mediaType : status === 204 ? null : 'application/json';
  if (!isError && mediaType !== null) {
    response.content = { [mediaType]: own.schema ? { schema: jsonSchemaOf(own.schema) } : {} };
  }
  if (status === 429) {
    response.headers = {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
    };
  }
  return response;
}

function securityOf(operation: ApiOperation): Record<string, string[]>[] {
  switch (operation.auth) {
    case 'required':
      return [{ [SESSION_SCHEME]: [] }];
    case 'optional':
      return [{ [SESSION_SCHEME]: [] }, {}];
    case 'none':
      return [];
  }
}

function operationOf(operation: ApiOperation): OpenApiOperation {
  const parameters = [
    ...(operation.params ? parametersOf(operation.params, 'path') : []),
    ...(operation.query ? parametersOf(operation.query, 'query') : []),
  ];
  const document: OpenApiOperation = {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.service],
    security: securityOf(operation),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {},
  };
  if (operation.body) {
    document.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(operation.body) } },
    };
  } else if (operation.rawBody) {
    document.requestBody = {
      required: true,
      description: operation.rawBody.description,
      content: Object.fromEntries(operation.rawBody.mediaTypes.map((type) => [type, {}])),
    };
  }
  for (const [status, response] of allResponses(operation)) {
    document.responses[String(status)] = responseOf(status, response);
  }
  return document;
}

/**
 * The OpenAPI 3.1 document of the API, made from its operations and their zod schemas. Pure and
 * not cheap (every schema is converted): the gateway makes it once, at start.
 */
export function openApiDocument(options: OpenApiDocumentOptions): OpenApiDocument {
  const operations = options.operations ?? apiOperations();
  const paths: Record<string, OpenApiPathItem> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase() as Lowercase<HttpMethod>] = operationOf(operation);
  }
  const used = new Set(operations.map((operation) => operation.service));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Wave API',
      version: API_VERSION,
      description: [
        'The public API of Wave, through its gateway. Answers are JSON unless said otherwise;',
        'every error is `{ "message": "…" }` with the right status.',
        '',
        `A session is the \`${options.sessionCookieName}\` cookie, set by sign-up and sign-in`,
        '(HttpOnly: the browser sends it). A call that changes something must come from the',
        "site's own origin or an allowed one when a browser makes it: the gateway checks `Origin`",
        '(or `Sec-Fetch-Site`); there is no token to send. Lists take `?cursor=&limit=` and answer',
        '`{items, nextCursor}`, `nextCursor` null on the last page.',
      ].join('\n'),
    },
    servers: [
      {
        url: '/',
        description:
          "The gateway, or the web app's origin, which passes /api, /objects and the sitemaps on",
      },
    ],
    tags: (Object.keys(SERVICE_TAGS) as ApiService[])
      .filter((service) => used.has(service))
      .map((service) => ({ name: service, description: SERVICE_TAGS[service] })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorResponseSchema) },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookieName,
          description: 'The session, set by `POST /api/register` and `POST /api/login`',
        },
      },
    },
  };
}
