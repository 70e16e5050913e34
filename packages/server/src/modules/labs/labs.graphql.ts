import { randomUUID } from 'node:crypto';
import { COURSE_CONTENT_LIMITS, labSearchSchema } from '@lectern/domain';
import DataLoader from 'dataloader';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput } from '../../platform/graphql/graphql-input.js';
import type { QuerySearchLabsArgs } from '../../platform/graphql/graphql-types.generated.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { loadTopics, presentValues } from '../topics/topics.graphql.js';
import type { TopicsService } from '../topics/topics.service.js';
import type { Lab, LabsService, LabTask } from './labs.service.js';

/** Platform §3 labs and the §7 searchLabs. */
export const labsTypeDefs = /* GraphQL */ `
  "One task of a lab: an activity of type LAB_TASK."
  type LabActivity {
    id: ID!
    type: LearningActivityType!
    title: String!
  }

  type LabInstructor {
    id: ID!
    name: String!
    jobTitle: String!
  }

  "A hands-on environment with tasks to carry out."
  type Lab {
    id: ID!
    title: String!
    description: String!
    learningOutcomes: [String!]!
    "Its tasks, in order."
    activities: [LabActivity!]!
    prerequisites: [String!]!
    "The least time it takes, in seconds."
    minEstimatedTime: Int!
    "The most time it takes, in seconds."
    maxEstimatedTime: Int!
    instructors: [LabInstructor!]!
    topics: [Topic!]!
  }

  input LabSearchFilters {
    "Labs about any of these topics."
    topicIds: [ID!]
    "Labs that take at most this long."
    maxEstimatedMinutes: Int
  }

  type LabSearchResponse {
    "Every matching lab, beyond the ones answered."
    count: Int!
    "Ties clicks on the results to this search."
    trackingId: String!
    labs: [Lab!]!
  }

  extend type Query {
    """
    Labs whose title or description holds the words (the last one as a prefix, English
    stemming), best first, or every lab by title without a query; at most
    ${COURSE_CONTENT_LIMITS.labSearchMax}.
    """
    searchLabs(query: String, filters: LabSearchFilters): LabSearchResponse!
  }
`;

const LOADERS = Symbol('labs');

/** The GraphQL part of labs: tasks, instructors and topics are read per request in batches. */
export function labsGraphql(deps: {
  labs: LabsService;
  catalog: CatalogService;
  topics: TopicsService;
}): GraphqlPart {
  const { labs, catalog, topics } = deps;
  const loadersOf = (context: GraphqlContext) =>
    requestLoaders(context, LOADERS, () => ({
      tasks: new DataLoader<number, LabTask[]>(async (ids) => {
        const byLab = await labs.tasksOf(ids);
        return ids.map((id) => byLab.get(id) ?? []);
      }),
      instructorIds: new DataLoader<number, number[]>(async (ids) => {
        const byLab = await labs.instructorIdsOf(ids);
        return ids.map((id) => byLab.get(id) ?? []);
      }),
      instructors: new DataLoader<number, { id: number; displayName: string; jobTitle: string } | null>(
        async (ids) => {
          const byId = await catalog.instructorsByIds(ids);
          return ids.map((id) => byId.get(id) ?? null);
        },
      ),
      topicIds: new DataLoader<number, number[]>(async (ids) => {
        const byLab = await labs.topicIdsOf(ids);
        return ids.map((id) => byLab.get(id) ?? []);
      }),
    }));

  return {
    typeDefs: labsTypeDefs,
    query: {
      searchLabs: async (args: QuerySearchLabsArgs) => {
        const input = parseGraphqlInput(labSearchSchema, { query: args.query, filters: args.filters }, '');
        const found = await labs.search(input);
        return { ...found, trackingId: randomUUID() };
      },
    },
    types: {
      Lab: {
        id: (lab: Lab) => String(lab.id),
        minEstimatedTime: (lab: Lab) => lab.minEstimatedMinutes * 60,
        maxEstimatedTime: (lab: Lab) => lab.maxEstimatedMinutes * 60,
        activities: async (lab: Lab, _args: never, context: GraphqlContext) =>
          (await loadersOf(context).tasks.load(lab.id)).map((task) => ({
            id: String(task.id),
            type: 'LAB_TASK',
            title: task.title,
          })),
        instructors: async (lab: Lab, _args: never, context: GraphqlContext) => {
          const loaders = loadersOf(context);
          const found = presentValues(
            await loaders.instructors.loadMany(await loaders.instructorIds.load(lab.id)),
          );
          return found.map((instructor) => ({
            id: String(instructor.id),
            name: instructor.displayName,
            jobTitle: instructor.jobTitle,
          }));
        },
        topics: async (lab: Lab, _args: never, context: GraphqlContext) =>
          loadTopics(context, topics, await loadersOf(context).topicIds.load(lab.id)),
      },
    },
  };
}
