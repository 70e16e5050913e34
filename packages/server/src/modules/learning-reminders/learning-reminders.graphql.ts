import {
  databaseIdText,
  LEARNING_REMINDER_LIMITS,
  learningReminderInputSchema,
  learningReminderPageSchema,
} from '@lectern/domain';
import DataLoader from 'dataloader';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput, signedInUserId } from '../../platform/graphql/graphql-input.js';
import type {
  MutationLearningReminderCreateArgs,
  MutationLearningReminderDeleteArgs,
  MutationLearningReminderUpdateArgs,
  QueryLearningRemindersArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type {
  LearningReminder,
  LearningRemindersService,
  ReminderCourse,
} from './learning-reminders.service.js';

/** Platform §3 learning reminders and their §7 query and mutations. */
export const learningRemindersTypeDefs = /* GraphQL */ `
  enum LearningProductType {
    ASSESSMENT
    COURSE
    LAB
    LEARNING_PATH
  }

  enum CalendarType {
    APPLE
    GOOGLE
    OTHER
    OUTLOOK
  }

  enum LearningReminderMethod {
    EMAIL
    PUSH
  }

  "What a reminder (or a badge enrolment) is about. title and url are set for a course or learning path (url: its page on this site)."
  type LearningProduct {
    id: ID!
    type: LearningProductType!
    title: String
    url: String
  }

  type LearningReminder {
    id: ID!
    title: String!
    "Null for a reminder to learn anything."
    learningProduct: LearningProduct
    "The first session's start."
    startDate: DateTime!
    "When a repeating reminder stops; null for a one-off or one that never stops."
    endDate: DateTime
    "How long each session lasts."
    durationInMinutes: Int!
    calendarType: CalendarType!
    "An RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=MO,WE; null for a one-off."
    recurrencePattern: String
    reminderMethod: LearningReminderMethod!
    reminderMinutesBefore: Int!
  }

  type LearningReminderPage {
    "This page's number, from 0."
    page: Int!
    pageCount: Int!
    items: [LearningReminder!]!
  }

  input LearningProductInput {
    id: ID!
    "Only COURSE for now: the catalog has no labs, learning paths or assessments yet."
    type: LearningProductType!
  }

  input LearningReminderInput {
    title: String!
    learningProduct: LearningProductInput
    startDate: DateTime!
    "Needs a recurrencePattern; not before startDate."
    endDate: DateTime
    "${LEARNING_REMINDER_LIMITS.minDurationMinutes} to ${LEARNING_REMINDER_LIMITS.maxDurationMinutes}."
    durationInMinutes: Int!
    calendarType: CalendarType!
    "An RFC 5545 RRULE value, at most daily (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY); UNTIL in UTC."
    recurrencePattern: String
    reminderMethod: LearningReminderMethod!
    "0 to ${LEARNING_REMINDER_LIMITS.maxMinutesBefore}."
    reminderMinutesBefore: Int!
  }

  extend type Query {
    """
    The caller's reminders in start order, one page (from 0) of size at most
    ${LEARNING_REMINDER_LIMITS.pageSizeMax}. Each reminder's calendar file (.ics) is at
    GET /api-2.0/users/me/learning-reminders/{id}/calendar/.
    """
    learningReminders(page: Int = 0, size: Int = ${LEARNING_REMINDER_LIMITS.pageSizeDefault}): LearningReminderPage!
  }

  extend type Mutation {
    learningReminderCreate(learningReminder: LearningReminderInput!): LearningReminder!
    "Replaces every field of the caller's reminder."
    learningReminderUpdate(learningReminderId: ID!, learningReminder: LearningReminderInput!): LearningReminder!
    learningReminderDelete(learningReminderId: ID!): Boolean!
  }
`;

const LOADERS = Symbol('learning-reminders');
const reminderId = databaseIdText('learningReminderId must be the id of a learning reminder.');

/** The GraphQL part of learning reminders; the courses reminders are about are read per request in one batch. */
export function learningRemindersGraphql(deps: { reminders: LearningRemindersService }): GraphqlPart {
  const { reminders } = deps;
  const coursesOf = (context: GraphqlContext) =>
    requestLoaders(
      context,
      LOADERS,
      () =>
        new DataLoader<number, ReminderCourse | null>(async (ids) => {
          const found = await reminders.courses(ids);
          return ids.map((id) => found.get(id) ?? null);
        }),
    );

  return {
    typeDefs: learningRemindersTypeDefs,
    query: {
      learningReminders: (args: QueryLearningRemindersArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        const { page, size } = parseGraphqlInput(
          learningReminderPageSchema,
          { page: args.page ?? 0, size: args.size ?? LEARNING_REMINDER_LIMITS.pageSizeDefault },
          '',
        );
        return reminders.page(userId, page, size, context.reads);
      },
    },
    mutation: {
      learningReminderCreate: (args: MutationLearningReminderCreateArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return reminders.create(
          userId,
          parseGraphqlInput(learningReminderInputSchema, args.learningReminder, 'learningReminder'),
        );
      },
      learningReminderUpdate: (args: MutationLearningReminderUpdateArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return reminders.update(
          userId,
          parseGraphqlInput(reminderId, args.learningReminderId, 'learningReminderId'),
          parseGraphqlInput(learningReminderInputSchema, args.learningReminder, 'learningReminder'),
        );
      },
      learningReminderDelete: async (args: MutationLearningReminderDeleteArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        await reminders.delete(
          userId,
          parseGraphqlInput(reminderId, args.learningReminderId, 'learningReminderId'),
        );
        return true;
      },
    },
    types: {
      LearningReminder: {
        id: (reminder: LearningReminder) => String(reminder.id),
        startDate: (reminder: LearningReminder) => reminder.startDate.toISOString(),
        endDate: (reminder: LearningReminder) => reminder.endDate?.toISOString() ?? null,
        learningProduct: async (reminder: LearningReminder, _args: never, context: GraphqlContext) => {
          const product = reminder.learningProduct;
          if (!product) return null;
          const course = product.type === 'COURSE' ? await coursesOf(context).load(product.id) : null;
          return {
            id: String(product.id),
            type: product.type,
            title: course?.title ?? null,
            url: course?.url ?? null,
          };
        },
      },
    },
  };
}
