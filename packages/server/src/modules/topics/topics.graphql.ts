import type { GraphqlPart } from '../../platform/graphql/graphql-endpoint.js';

/** Platform §3 Topic, as other parts of the schema show it (communities, later badges and labs). */
export const topicsTypeDefs = /* GraphQL */ `
  """
  What learning is about (platform §3). url is the topic's page on this site.
  """
  type Topic {
    id: ID!
    name: String!
    url: String!
  }
`;

/** The Topic type only: the fields that show topics resolve them with their own loaders. */
export function topicsGraphql(): GraphqlPart {
  return { typeDefs: topicsTypeDefs };
}
