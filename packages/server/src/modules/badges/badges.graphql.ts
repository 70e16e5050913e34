import {
  BADGE_LIMITS,
  badgeAssertionPageSchema,
  badgeClassIdSchema,
  badgeSearchSchema,
  badgeUserIdSchema,
  databaseIdText,
  learningProductListSchema,
} from '@lectern/domain';
import DataLoader from 'dataloader';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput, signedInUserId } from '../../platform/graphql/graphql-input.js';
import type {
  QueryBadgeAssertionsByUserArgs,
  QueryBadgeClassArgs,
  QueryBadgeClassEnrollmentsByBadgeClassIdArgs,
  QueryBadgeClassesByLearningProductsArgs,
  QueryBadgeClassesByTopicArgs,
  QuerySearchBadgeClassesArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { LearningPathsService } from '../learning-paths/learning-paths.service.js';
import { loadTopic } from '../topics/topics.graphql.js';
import type { TopicsService } from '../topics/topics.service.js';
import type { BadgeAssertion, BadgeClass, BadgeClassEnrollment, BadgesService } from './badges.service.js';

/** Platform §3 badges and their §7 queries. */
export const badgesTypeDefs = /* GraphQL */ `
  enum BadgeType {
    BLUEPRINT
    OPEN_BADGE
  }

  "A subject area certifications are filed under, such as Cloud."
  type BadgeCertificationSubjectArea {
    id: ID!
    name: String!
  }

  "Who issues a badge."
  type BadgeClassIssuer {
    id: ID!
    name: String!
  }

  "The badge's picture."
  type BadgeClassImage {
    id: ID!
  }

  "A certification or badge one can earn (Open Badges' BadgeClass)."
  type BadgeClass {
    id: ID!
    name: String!
    image: BadgeClassImage!
    description: String!
    type: BadgeType!
    tags: [String!]!
    issuer: BadgeClassIssuer!
    "What one must show to earn it."
    criteria: String!
    topic: Topic
    "The caller's own awards of this class, newest first; empty for visitors."
    assertions: [BadgeAssertion!]!
    "The issuer's page about it."
    externalUrl: String
  }

  type BadgeAssertionUser {
    id: ID!
  }

  "A badge class awarded to a learner. Only its earner sees it."
  type BadgeAssertion {
    id: ID!
    issuedOn: DateTime!
    "Null for an award that never expires."
    expires: DateTime
    "The issuer's verification page of this award."
    externalUrl: String
    badgeClass: BadgeClass!
    user: BadgeAssertionUser!
  }

  "A course or learning path of a badge class the caller is enrolled in."
  type BadgeClassEnrollment {
    learningProduct: LearningProduct!
    "Items completed of all its items (a path: of all its courses' items), in whole percent rounded down."
    completionPercentage: Int!
  }

  type BadgeClassPage {
    "This page's number, from 0."
    page: Int!
    pageCount: Int!
    items: [BadgeClass!]!
  }

  type BadgeAssertionPage {
    "This page's number, from 0."
    page: Int!
    pageCount: Int!
    items: [BadgeAssertion!]!
  }

  extend type Query {
    "Every subject area, by name."
    badgeCertificationSubjectAreas: [BadgeCertificationSubjectArea!]!
    "Every issuer, by name."
    badgeClassIssuers: [BadgeClassIssuer!]!
    "One badge class, active or not; NOT_FOUND when there is none."
    badgeClass(id: ID!): BadgeClass!
    """
    Active badge classes whose name, tags or issuer hold every word of query, from issuerIds and
    certificationAreaIds (at most ${BADGE_LIMITS.idsPerFilter} each): names starting with the
    query first, then by name. One page from 0, size 1 to ${BADGE_LIMITS.pageSizeMax}.
    """
    searchBadgeClasses(
      query: String
      issuerIds: [ID!]
      certificationAreaIds: [ID!]
      page: Int = 0
      size: Int = ${BADGE_LIMITS.searchPageSizeDefault}
    ): BadgeClassPage!
    "The active badge classes of a topic, by name; NOT_FOUND for a topic that does not exist."
    badgeClassesByTopic(topicId: ID!): [BadgeClass!]!
    "Every active badge class, by name."
    activeBadgeClasses: [BadgeClass!]!
    """
    The caller's enrolments in the courses and learning paths that prepare for the badge class,
    in the class's order, with their completion. NOT_FOUND for a class that does not exist.
    """
    badgeClassEnrollmentsByBadgeClassId(badgeClassId: ID!): [BadgeClassEnrollment!]!
    """
    The active badge classes that any of the products (at most ${BADGE_LIMITS.productsPerCall})
    prepares for, by name. Labs and assessments prepare for none.
    """
    badgeClassesByLearningProducts(learningProducts: [LearningProductInput!]!): [BadgeClass!]!
    """
    A learner's awards, newest first, one page from 0 (size 1 to ${BADGE_LIMITS.pageSizeMax}).
    Only the caller's own: anyone else's id is NOT_FOUND.
    """
    badgeAssertionsByUser(userId: ID!, page: Int = 0, size: Int = ${BADGE_LIMITS.assertionPageSizeDefault}): BadgeAssertionPage!
  }
`;

const LOADERS = Symbol('badges');
const topicId = databaseIdText('topicId must be the id of a topic.');

/**
 * The GraphQL part of badges. Issuers, topics, classes, the caller's assertions and the titles
 * of enrolled products are read per request in batches.
 */
export function badgesGraphql(deps: {
  badges: BadgesService;
  topics: TopicsService;
  catalog: CatalogService;
  learningPaths: LearningPathsService;
}): GraphqlPart {
  const { badges, topics, catalog, learningPaths } = deps;
  const loadersOf = (context: GraphqlContext) =>
    requestLoaders(context, LOADERS, () => ({
      issuers: new DataLoader<number, { id: number; name: string } | null>(async (ids) => {
        const byId = await badges.issuersByIds(ids);
        return ids.map((id) => byId.get(id) ?? null);
      }),
      classes: new DataLoader<number, BadgeClass | null>(async (ids) => {
        const byId = await badges.classesByIds(ids);
        return ids.map((id) => byId.get(id) ?? null);
      }),
      myAssertions: new DataLoader<number, BadgeAssertion[]>(async (ids) => {
        if (context.userId === null) return ids.map(() => []);
        const byClass = await badges.assertionsOf(context.userId, ids);
        return ids.map((id) => byClass.get(id) ?? []);
      }),
      courses: new DataLoader<number, { title: string; url: string } | null>(async (ids) => {
        const found = await catalog.cartCourses(ids, 'USD', { cached: true });
        return ids.map((id) => found.get(id) ?? null);
      }),
      paths: new DataLoader<number, { title: string; url: string } | null>(async (ids) => {
        const found = await learningPaths.byIds(ids);
        return ids.map((id) => found.get(id) ?? null);
      }),
    }));

  return {
    typeDefs: badgesTypeDefs,
    query: {
      badgeCertificationSubjectAreas: () => badges.subjectAreas(),
      badgeClassIssuers: () => badges.issuers(),
      badgeClass: (args: QueryBadgeClassArgs) =>
        badges.badgeClass(parseGraphqlInput(badgeClassIdSchema, args.id, 'id')),
      searchBadgeClasses: (args: QuerySearchBadgeClassesArgs) =>
        badges.search(
          parseGraphqlInput(
            badgeSearchSchema,
            {
              query: args.query,
              issuerIds: args.issuerIds,
              certificationAreaIds: args.certificationAreaIds,
              page: args.page ?? 0,
              size: args.size ?? BADGE_LIMITS.searchPageSizeDefault,
            },
            '',
          ),
        ),
      badgeClassesByTopic: (args: QueryBadgeClassesByTopicArgs) =>
        badges.byTopic(parseGraphqlInput(topicId, args.topicId, 'topicId')),
      activeBadgeClasses: () => badges.active(),
      badgeClassEnrollmentsByBadgeClassId: (
        args: QueryBadgeClassEnrollmentsByBadgeClassIdArgs,
        context: GraphqlContext,
      ) => {
        const userId = signedInUserId(context);
        return badges.enrollments(
          userId,
          parseGraphqlInput(badgeClassIdSchema, args.badgeClassId, 'badgeClassId'),
        );
      },
      badgeClassesByLearningProducts: (args: QueryBadgeClassesByLearningProductsArgs) =>
        badges.byLearningProducts(
          parseGraphqlInput(learningProductListSchema, args.learningProducts, 'learningProducts'),
        ),
      badgeAssertionsByUser: (args: QueryBadgeAssertionsByUserArgs, context: GraphqlContext) => {
        const callerId = signedInUserId(context);
        const userId = parseGraphqlInput(badgeUserIdSchema, args.userId, 'userId');
        const { page, size } = parseGraphqlInput(
          badgeAssertionPageSchema,
          { page: args.page ?? 0, size: args.size ?? BADGE_LIMITS.assertionPageSizeDefault },
          '',
        );
        return badges.assertionsOfUser(callerId, userId, page, size);
      },
    },
    types: {
      BadgeCertificationSubjectArea: { id: (area: { id: number }) => String(area.id) },
      BadgeClassIssuer: { id: (issuer: { id: number }) => String(issuer.id) },
      BadgeClass: {
        id: (badge: BadgeClass) => String(badge.id),
        image: (badge: BadgeClass) => ({ id: badge.imageId }),
        issuer: async (badge: BadgeClass, _args: never, context: GraphqlContext) => {
          const issuer = await loadersOf(context).issuers.load(badge.issuerId);
          if (!issuer) throw new Error(`badge class ${badge.id} has no issuer ${badge.issuerId}`);
          return issuer;
        },
        topic: (badge: BadgeClass, _args: never, context: GraphqlContext) =>
          loadTopic(context, topics, badge.topicId),
        assertions: (badge: BadgeClass, _args: never, context: GraphqlContext) =>
          loadersOf(context).myAssertions.load(badge.id),
      },
      BadgeAssertion: {
        id: (assertion: BadgeAssertion) => String(assertion.id),
        issuedOn: (assertion: BadgeAssertion) => assertion.issuedOn.toISOString(),
        expires: (assertion: BadgeAssertion) => assertion.expires?.toISOString() ?? null,
        badgeClass: async (assertion: BadgeAssertion, _args: never, context: GraphqlContext) => {
          const badge = await loadersOf(context).classes.load(assertion.badgeClassId);
          if (!badge)
            throw new Error(`badge assertion ${assertion.id} has no class ${assertion.badgeClassId}`);
          return badge;
        },
        user: (assertion: BadgeAssertion) => ({ id: String(assertion.userId) }),
      },
      BadgeClassEnrollment: {
        learningProduct: async (enrollment: BadgeClassEnrollment, _args: never, context: GraphqlContext) => {
          const { id, type } = enrollment.learningProduct;
          const loaders = loadersOf(context);
          const found = type === 'COURSE' ? await loaders.courses.load(id) : await loaders.paths.load(id);
          return { id: String(id), type, title: found?.title ?? null, url: found?.url ?? null };
        },
      },
    },
  };
}
