import { courseIdSchema } from '@lectern/domain';
import type { GraphqlContext, GraphqlPart } from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput, signedInUserId } from '../../platform/graphql/graphql-input.js';
import type { QueryDeprecatedSupplyGapOpportunityByCourseIdArgs } from '../../platform/graphql/graphql-types.generated.js';
import type { SupplyGapOpportunity, SupplyGapsService } from './supply-gaps.service.js';

/** Platform §3 supply-gap opportunities and the deprecated §7 query. */
export const supplyGapsTypeDefs = /* GraphQL */ `
  "Platform §3 instructional levels, and ANY_LEVEL that an opportunity may use."
  enum SupplyGapInstructionalLevel {
    ANY_LEVEL
    ALL_LEVELS
    BEGINNER
    INTERMEDIATE
    EXPERT
  }

  enum SupplyGapPriorityLevel {
    HIGH
    MEDIUM
    LOW
  }

  enum SupplyGapOpportunityType {
    FIRST_MOVER
    SPECIALIZED
    TRENDING
  }

  "What the marketplace lacks that a course was made, or could be made, to fill."
  type SupplyGapOpportunity {
    id: ID!
    "A locale such as en_US."
    courseLanguage: String!
    domain: String!
    subject: String!
    opportunityType: SupplyGapOpportunityType!
    priorityLevel: SupplyGapPriorityLevel!
    courseInstructionalLevel: SupplyGapInstructionalLevel!
    intendedAudience: String!
    keyContent: [String!]!
    isFinancialIncentiveEligible: Boolean!
    "When instructors are shown it (ALWAYS, NEW_INSTRUCTORS)."
    displayRule: String!
  }

  extend type Query {
    """
    The supply-gap opportunity a published, public course fills; null when it has none.
    Signed-in callers only (instructors' market insight); NOT_FOUND for another course.
    """
    deprecatedSupplyGapOpportunityByCourseId(courseId: ID!): SupplyGapOpportunity
      @deprecated(reason: "Opportunities move to the instructors' insights; kept for the older pages.")
  }
`;

/** The GraphQL part of supply-gap opportunities. */
export function supplyGapsGraphql(deps: { supplyGaps: SupplyGapsService }): GraphqlPart {
  const { supplyGaps } = deps;
  return {
    typeDefs: supplyGapsTypeDefs,
    query: {
      deprecatedSupplyGapOpportunityByCourseId: (
        args: QueryDeprecatedSupplyGapOpportunityByCourseIdArgs,
        context: GraphqlContext,
      ) => {
        signedInUserId(context);
        return supplyGaps.byCourse(parseGraphqlInput(courseIdSchema, args.courseId, 'courseId'));
      },
    },
    types: {
      SupplyGapOpportunity: { id: (opportunity: SupplyGapOpportunity) => String(opportunity.id) },
    },
  };
}
