import { objectivesByActivitiesSchema, objectivesByIdsSchema } from '@lectern/domain';
import DataLoader from 'dataloader';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput } from '../../platform/graphql/graphql-input.js';
import type {
  QueryLearningObjectivesByIdsAndSkillsArgs,
  QueryLearningObjectivesBySkillsAndActivitiesArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type {
  LearningActivity,
  LearningObjective,
  LearningObjectivesService,
} from './learning-objectives.service.js';

/** Platform §3 learning objectives and their §7 queries. */
export const learningObjectivesTypeDefs = /* GraphQL */ `
  "Platform §3 activity types: what a learning objective is practised or checked through."
  enum LearningActivityType {
    ASSESSMENT_QUESTION
    LAB_TASK
    LECTURE
  }

  "What a learning objective states, in a skills framework's terms (knowledge, skill or ability)."
  enum LearningObjectiveType {
    ABILITY
    KNOWLEDGE
    SKILL
  }

  """
  What practises or checks an objective. id is the lecture's (a curriculum item), the assessment
  question's or the lab task's id.
  """
  type LearningActivity {
    id: ID!
    type: LearningActivityType!
  }

  type LearningObjective {
    id: ID!
    name: String!
    type: LearningObjectiveType!
    activities: [LearningActivity!]!
  }

  extend type Query {
    """
    The objectives of a skills framework and type that have an activity of one of activities
    (every one without activities), by id. NOT_FOUND for a framework that does not exist.
    """
    learningObjectivesBySkillsAndActivities(
      skillsFrameworkId: ID!
      type: LearningObjectiveType!
      activities: [LearningActivityType!]
    ): [LearningObjective!]!
    """
    The objectives among ids that are of the skills framework and type, in the order of ids
    (others left out). NOT_FOUND for a framework that does not exist.
    """
    learningObjectivesByIdsAndSkills(
      ids: [ID!]!
      skillsFrameworkId: ID!
      type: LearningObjectiveType!
    ): [LearningObjective!]!
  }
`;

const LOADERS = Symbol('learning-objectives');

/** The GraphQL part of learning objectives: activities are read per request in one batch. */
export function learningObjectivesGraphql(deps: {
  learningObjectives: LearningObjectivesService;
}): GraphqlPart {
  const { learningObjectives } = deps;
  const activitiesOf = (context: GraphqlContext) =>
    requestLoaders(
      context,
      LOADERS,
      () =>
        new DataLoader<number, LearningActivity[]>(async (ids) => {
          const byObjective = await learningObjectives.activitiesOf(ids);
          return ids.map((id) => byObjective.get(id) ?? []);
        }),
    );
  return {
    typeDefs: learningObjectivesTypeDefs,
    query: {
      learningObjectivesBySkillsAndActivities: (args: QueryLearningObjectivesBySkillsAndActivitiesArgs) =>
        learningObjectives.byActivities(parseGraphqlInput(objectivesByActivitiesSchema, args, '')),
      learningObjectivesByIdsAndSkills: (args: QueryLearningObjectivesByIdsAndSkillsArgs) =>
        learningObjectives.byIds(parseGraphqlInput(objectivesByIdsSchema, args, '')),
    },
    types: {
      LearningObjective: {
        id: (objective: LearningObjective) => String(objective.id),
        activities: async (objective: LearningObjective, _args: never, context: GraphqlContext) =>
          (await activitiesOf(context).load(objective.id)).map((activity) => ({
            ...activity,
            id: String(activity.id),
          })),
      },
    },
  };
}
