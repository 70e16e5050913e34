import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { graphqlRequest } from '../../platform/graphql/graphql-request';
import type {
  LearningReminderInput,
  LearningRemindersQuery,
} from '../../platform/graphql/graphql-types.generated';

/** Reminders per page of the list. */
export const REMINDERS_PAGE_SIZE = 10;

/** Every page of the list: what a change makes stale. */
export const LEARNING_REMINDERS_KEY = ['learning-reminders'] as const;

export type LearningReminder = LearningRemindersQuery['learningReminders']['items'][number];

/** `learningReminders(page, size)` for the page of the URL (`?p=`, from 1; the API counts from 0). */
export function learningRemindersQuery(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...LEARNING_REMINDERS_KEY, page],
    queryFn: async ({ signal }) =>
      (
        await graphqlRequest(
          api,
          'LearningReminders',
          { page: page - 1, size: REMINDERS_PAGE_SIZE },
          { signal },
        )
      ).learningReminders,
    placeholderData: keepPreviousData,
  });
}

export async function createReminder(api: ApiClient, learningReminder: LearningReminderInput) {
  return (await graphqlRequest(api, 'LearningReminderCreate', { learningReminder })).learningReminderCreate;
}

/** Replaces every field of the reminder. */
export async function updateReminder(api: ApiClient, id: string, learningReminder: LearningReminderInput) {
  return (await graphqlRequest(api, 'LearningReminderUpdate', { learningReminderId: id, learningReminder }))
    .learningReminderUpdate;
}

export async function deleteReminder(api: ApiClient, id: string): Promise<void> {
  await graphqlRequest(api, 'LearningReminderDelete', { learningReminderId: id });
}
