import type { GraphqlContext, GraphqlPart } from '../../platform/graphql/graphql-endpoint.js';
import { signedInUserId } from '../../platform/graphql/graphql-input.js';
import type { LearningStreaksService } from './learning-streaks.service.js';

/** Platform §3 weekly streak and its §7 query. */
export const learningStreaksTypeDefs = /* GraphQL */ `
  enum StreakStatus {
    "This week reached the goal."
    ACTIVE_CURRENT_PERIOD_ACHIEVED
    "Last week reached the goal; this week has not yet."
    ACTIVE_CURRENT_PERIOD_UNACHIEVED
    "Some earlier week reached the goal, but neither last week nor this one."
    DROPPED
    "No week has reached the goal yet."
    ZERO_HISTORY
  }

  type WeeklyStreak {
    "Changes when a new streak starts."
    id: ID!
    userId: ID!
    "Consecutive weeks that reached the goal, up to this week (or last week while this one has not)."
    streakLength: Int!
    achievedThisWeek: Boolean!
    "When the streak's first week began; null without a streak."
    startDate: DateTime
  }

  "Weeks run Monday to Sunday in the learner's time zone (UTC until they set one)."
  type UserLectureConsumptionWeeklyStreak {
    weeklyStreak: WeeklyStreak!
    minutesThisWeek: Int!
    goalMinutesThisWeek: Int!
    streakStatus: StreakStatus!
    weekStartTime: DateTime!
    "The next week's start (exclusive)."
    weekEndTime: DateTime!
  }

  extend type Query {
    "The caller's weekly streak of lecture minutes."
    streakUserLectureConsumptionWeekly: UserLectureConsumptionWeeklyStreak!
  }
`;

/** The GraphQL part of weekly streaks. */
export function learningStreaksGraphql(deps: { streaks: LearningStreaksService }): GraphqlPart {
  const { streaks } = deps;
  return {
    typeDefs: learningStreaksTypeDefs,
    query: {
      streakUserLectureConsumptionWeekly: async (_args: Record<string, never>, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        const facts = await streaks.weekly(userId, context.reads);
        const startDate = facts.startDate?.toISOString() ?? null;
        return {
          weeklyStreak: {
            id: `${userId}:${startDate ?? 'none'}`,
            userId: String(userId),
            streakLength: facts.streakLength,
            achievedThisWeek: facts.achievedThisWeek,
            startDate,
          },
          minutesThisWeek: facts.minutesThisWeek,
          goalMinutesThisWeek: facts.goalMinutesThisWeek,
          streakStatus: facts.streakStatus,
          weekStartTime: facts.weekStartTime.toISOString(),
          weekEndTime: facts.weekEndTime.toISOString(),
        };
      },
    },
  };
}
