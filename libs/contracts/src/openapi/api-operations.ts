import type { ApiOperation } from './api-operation.contract';
import { analyticsOperations } from './operations/analytics.operations';
import { communitiesOperations } from './operations/communities.operations';
import { gatewayOperations } from './operations/gateway.operations';
import { identityOperations } from './operations/identity.operations';
import { mediaOperations } from './operations/media.operations';
import { recommendationsOperations } from './operations/recommendations.operations';
import { searchOperations } from './operations/search.operations';
import { timelineOperations } from './operations/timeline.operations';

let operations: readonly ApiOperation[] | undefined;

/**
 * Every public operation of the API, the source of its OpenAPI document. It lives here, beside
 * the schemas it names, rather than in the gateway: the request shapes are the contracts', and
 * one list next to them is where a new route's documentation is written with its schema. The
 * gateway's tests hold it to the route table and to the services' controllers.
 *
 * A function rather than a constant so that the web client, which imports this library, does
 * not carry the list in its bundle: nothing here runs until the gateway asks.
 */
export function apiOperations(): readonly ApiOperation[] {
  operations ??= [
    ...identityOperations(),
    ...timelineOperations(),
    ...communitiesOperations(),
    ...searchOperations(),
    ...mediaOperations(),
    ...recommendationsOperations(),
    ...analyticsOperations(),
    ...gatewayOperations(),
  ];
  return operations;
}
