import type { GraphqlPart } from './platform/graphql/graphql-endpoint.js';
import { subscriptionsTypeDefs } from './modules/subscriptions/subscriptions.graphql.js';

/**
 * The SDL of every feature that answers on the GraphQL endpoint, in one list: the server builds
 * its schema from it and `npm run codegen` generates the server's and the web app's types.
 */
export const GRAPHQL_TYPE_DEFS: readonly Pick<GraphqlPart, 'typeDefs'>[] = [
  { typeDefs: subscriptionsTypeDefs },
];
