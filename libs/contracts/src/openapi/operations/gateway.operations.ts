import type { ApiOperation } from '../api-operation.contract';

/** What the gateway answers itself: its health, and this documentation. */
export const gatewayOperations = (): ApiOperation[] => [
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
    service: 'gateway',
    summary: 'What runs',
    description:
      'Probes Redis and every replica of every service, with a 1 s timeout. `circuits` says which services the gateway answers for at once (`open`: every replica failed several times in a row and has not answered a probe since).',
    auth: 'none',
    responses: {
      200: '`{status: "up", services: {gateway, redis, identity, …: "up"}, circuits: {identity, …: "closed"}}`',
      // Not the `{ message }` of other errors: the same body as when all is well.
      503: {
        description: '`{status: "degraded", services, circuits}`: something is down',
        mediaType: 'application/json',
      },
    },
  },
  {
    operationId: 'getApiDocsPage',
    method: 'GET',
    path: '/api/docs',
    service: 'gateway',
    summary: 'This documentation, as a page',
    auth: 'none',
    responses: { 200: { description: 'Swagger UI', mediaType: 'text/html' } },
  },
  {
    operationId: 'getApiDocsJson',
    method: 'GET',
    path: '/api/docs/json',
    service: 'gateway',
    summary: 'This documentation: the OpenAPI document',
    auth: 'none',
    responses: { 200: 'The OpenAPI 3.1 document' },
  },
  {
    operationId: 'getApiDocsYaml',
    method: 'GET',
    path: '/api/docs/yaml',
    service: 'gateway',
    summary: 'This documentation: the OpenAPI document in YAML',
    auth: 'none',
    responses: {
      200: { description: 'The OpenAPI 3.1 document', mediaType: 'application/x-yaml' },
    },
  },
];
