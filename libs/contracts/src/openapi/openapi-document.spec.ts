import { z } from 'zod';
import type { ApiOperation } from './api-operation.contract';
import { HTTP_METHODS } from './api-operation.contract';
import { apiOperations } from './api-operations';
import type { OpenApiDocument, OpenApiOperation } from './openapi-document';
import { API_VERSION, jsonSchemaOf, openApiDocument } from './openapi-document';

const operationsOf = (document: OpenApiDocument): [string, string, OpenApiOperation][] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, OpenApiOperation] => [
      method.toUpperCase(),
      path,
      operation,
    ]),
  );

/** Every zod schema an operation names, with where it is named. */
const schemasOf = (operation: ApiOperation): [string, z.ZodType][] => [
  ...(operation.params ? [['params', operation.params] as [string, z.ZodType]] : []),
  ...(operation.query ? [['query', operation.query] as [string, z.ZodType]] : []),
  ...(operation.body ? [['body', operation.body] as [string, z.ZodType]] : []),
  ...Object.entries(operation.responses).flatMap(([status, response]) =>
    typeof response !== 'string' && response.schema
      ? [[`response ${status}`, response.schema] as [string, z.ZodType]]
      : [],
  ),
];

/** Every `$ref` anywhere in a value. */
const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
};

describe(openApiDocument.name, () => {
  const sut = openApiDocument({ sessionCookieName: 'wave_session' });
  const operations = operationsOf(sut);

  it('is an OpenAPI 3.1 document of the Wave API', () => {
    expect(sut.openapi).toMatch(/^3\.1\.\d+$/);
    expect(sut.info).toMatchObject({ title: 'Wave API', version: API_VERSION });
  });

  it('documents every operation of the list, each once', () => {
    expect(operations).toHaveLength(apiOperations().length);
    const keys = apiOperations().map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(operations.length).toBeGreaterThanOrEqual(70);
  });

  it('gives every operation an id of its own', () => {
    const ids = operations.map(([, , operation]) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it.each(operations)(
    '%s %s: a path parameter for each {name} of the path, and no other',
    (_method, path, operation) => {
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(inPath.map((parameter) => parameter.name).sort()).toEqual([...named].sort());
      expect(inPath.every((parameter) => parameter.required)).toBe(true);
    },
  );

  it.each(operations)(
    '%s %s: a method OpenAPI knows, at least one 2xx answer, each described',
    (method, _path, operation) => {
      expect(HTTP_METHODS).toContain(method);
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((status) => /^2\d\d$/.test(status))).toBe(true);
      for (const status of statuses) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(operation.responses[status]?.description).toEqual(expect.any(String));
      }
    },
  );

  it('answers errors with the one error shape, `{ message }`', () => {
    expect(sut.components.schemas['Error']).toEqual({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
    const [, , login] = operations.find(
      ([method, path]) => `${method} ${path}` === 'POST /api/login',
    )!;
    expect(login.responses['401']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Error' } },
    });
  });

  it('names only tags, security schemes and schemas it defines', () => {
    const tags = new Set<string>(sut.tags.map((tag) => tag.name));
    const schemes = new Set(Object.keys(sut.components.securitySchemes));
    for (const [, , operation] of operations) {
      expect(operation.tags.every((tag) => tags.has(tag))).toBe(true);
      for (const requirement of operation.security) {
        expect(Object.keys(requirement).every((scheme) => schemes.has(scheme))).toBe(true);
      }
    }
    for (const ref of refsIn(sut)) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      expect(name && sut.components.schemas[name]).toBeTruthy();
    }
  });

  it('takes the session from the cookie it is told of', () => {
    expect(sut.components.securitySchemes['session']).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'wave_session',
    });
    const security = (key: string) =>
      operations.find(([method, path]) => `${method} ${path}` === key)?.[2].security;
    expect(security('POST /api/tweets')).toEqual([{ session: [] }]);
    expect(security('GET /api/tweets')).toEqual([{ session: [] }, {}]);
    expect(security('GET /api/search')).toEqual([]);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(sut))).toEqual(sut);
  });

  it('describes request bodies and parameters from the contracts', () => {
    const [, , register] = operations.find(
      ([method, path]) => `${method} ${path}` === 'POST /api/register',
    )!;
    expect(register.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['displayName', 'username', 'email', 'password'],
    });
    const [, , search] = operations.find(
      ([method, path]) => `${method} ${path}` === 'GET /api/search',
    )!;
    expect(search.parameters).toContainEqual({
      name: 'type',
      in: 'query',
      required: false,
      schema: { default: 'all', type: 'string', enum: ['all', 'posts', 'users', 'hashtags'] },
    });
    expect(search.parameters).toContainEqual(
      expect.objectContaining({ name: 'q', in: 'query', required: true }),
    );
  });
});

describe(jsonSchemaOf.name, () => {
  const schemas = apiOperations().flatMap((operation) =>
    schemasOf(operation).map(([where, schema]): [string, z.ZodType] => [
      `${operation.method} ${operation.path} ${where}`,
      schema,
    ]),
  );

  it.each(schemas)('converts %s (refinements, transforms and all)', (_where, schema) => {
    // Nothing left out as unrepresentable (which jsonSchemaOf would turn into `{}`).
    expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' })).not.toThrow();
    const json = jsonSchemaOf(schema);
    expect(json).not.toHaveProperty('$schema');
    expect(json['type']).toBeDefined();
  });

  it('converts every object of parameters and every body to an object schema', () => {
    for (const operation of apiOperations()) {
      for (const schema of [operation.params, operation.query, operation.body]) {
        if (schema) expect(jsonSchemaOf(schema)).toMatchObject({ type: 'object' });
      }
    }
  });
});
