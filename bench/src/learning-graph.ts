// The learning graph (issue 19): the query a "My courses" page makes at start — the weekly
// streak, the first page of the learner's reminders and their communities with members and
// topics — in one request to `POST /api/2022-03/graphql/`, as the demo learner (seeded with a
// streak, three reminders and three communities). Nested fields are batched per request.
import type { Scenario } from './scenarios.js';

const query = `query MyCoursesStart {
  streakUserLectureConsumptionWeekly {
    weeklyStreak { id streakLength achievedThisWeek startDate }
    minutesThisWeek goalMinutesThisWeek streakStatus weekStartTime weekEndTime
  }
  learningReminders(page: 0, size: 10) {
    page pageCount
    items {
      id title startDate endDate durationInMinutes calendarType recurrencePattern reminderMethod reminderMinutesBefore
      learningProduct { id type title url }
    }
  }
  myLearningCommunities {
    id title description numberOfMembers organizationId
    creationReason { type text }
    owner { id name surname }
    members { id name surname email }
    topics { id name url }
  }
}`;

export const learningGraphScenarios: Scenario[] = [
  {
    name: 'My courses start query (GraphQL: streak + reminders + communities, learner)',
    method: 'POST',
    path: '/api/2022-03/graphql/',
    as: 'learner',
    body: { query, operationName: 'MyCoursesStart' },
  },
];
