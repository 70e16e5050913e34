import {
  addDays,
  learningCommunityInputSchema,
  learningReminderInputSchema,
  startOfZonedDay,
  weekStartDate,
  zonedDate,
} from '@lectern/domain';
import { WALL_CLOCK } from '../platform/clock/clock.js';
import type { Database } from '../platform/db/database.js';
import { createCatalogService } from '../modules/catalog/catalog.service.js';
import { createLearningCommunitiesService } from '../modules/learning-communities/learning-communities.service.js';
import { createLearningRemindersService } from '../modules/learning-reminders/learning-reminders.service.js';
import { createLearningStreaksService } from '../modules/learning-streaks/learning-streaks.service.js';
import { createOrganizationsService } from '../modules/organizations/organizations.service.js';
import { createTopicsService } from '../modules/topics/topics.service.js';
import { createUsersService } from '../modules/users/users.service.js';

const HOUR_MS = 60 * 60 * 1000;

/** Topics learners meet first; other features add theirs. */
export const DEMO_TOPICS = [
  ['Python', 'python'],
  ['Data Analysis', 'data-analysis'],
  ['SQL', 'sql'],
  ['Machine Learning', 'machine-learning'],
  ['TypeScript', 'typescript'],
  ['React', 'react'],
  ['Cloud Computing', 'cloud-computing'],
  ['AWS Certified Solutions Architect', 'aws-certified-solutions-architect'],
  ['Kubernetes', 'kubernetes'],
  ['Cybersecurity', 'cybersecurity'],
  ['Project Management', 'project-management'],
  ['Leadership', 'leadership'],
  ['UX Design', 'ux-design'],
  ['Public Speaking', 'public-speaking'],
  ['Productivity', 'productivity'],
] as const;

/**
 * The learning data graph's demo (platform §7), written through the features' services inside
 * the seed's transaction: topics; two Acme communities (a certification study group and an
 * onboarding cohort) and the demo learner's own; three reminders for the learner; and lecture
 * minutes that give the learner a four-week streak, this week included, after an earlier
 * streak that lapsed.
 */
export async function seedDemoLearning(
  db: Database,
  ids: { learner: number; acme: number; courses: readonly { id: number; slug: string }[] },
): Promise<void> {
  const users = createUsersService(db);
  const organizations = createOrganizationsService(db);
  const topics = createTopicsService(db);
  const communities = createLearningCommunitiesService({ db, organizations, users, topics });
  const reminders = createLearningRemindersService({
    db,
    catalog: createCatalogService(db),
    clock: WALL_CLOCK,
  });
  const streaks = createLearningStreaksService({ db, users, clock: WALL_CLOCK });

  const topicIds = new Map(
    (await topics.addTopics(DEMO_TOPICS.map(([name, slug]) => ({ name, slug })))).map((topic) => [
      topic.url,
      String(topic.id),
    ]),
  );
  const topic = (slug: string) => topicIds.get(`/topic/${slug}/`)!;
  const courseId = (slug: string) => String(ids.courses.find((course) => course.slug === slug)!.id);

  const { rows: acme } = await organizations.members(ids.acme, { offset: 0, limit: 50 });
  const withRole = (role: string) =>
    acme.filter((member) => member.role === role).map((member) => member.userId);
  const [owner] = withRole('owner');
  const [admin] = withRole('admin');
  const students = withRole('student');

  const certification = await communities.create(
    owner!,
    learningCommunityInputSchema.parse({
      title: 'AWS Solutions Architect study group',
      description:
        'We work through one exam domain a week and meet on Thursdays at noon to go over practice questions.',
      creationReason: {
        type: 'STUDY_FOR_A_CERTIFICATE',
        text: 'Everyone on the platform team passes the Associate exam this quarter.',
      },
      topicIds: [topic('aws-certified-solutions-architect'), topic('cloud-computing'), topic('kubernetes')],
    }),
  );
  await communities.addMembers(owner!, certification.id, [admin!, ...students.slice(0, 2)], null);
  const onboarding = await communities.create(
    admin!,
    learningCommunityInputSchema.parse({
      title: 'Data team onboarding, spring cohort',
      description: 'The first six weeks for new analysts: SQL, Python and how we report.',
      creationReason: { type: 'ONBOARDING_A_NEW_TEAM' },
      topicIds: [topic('data-analysis'), topic('sql'), topic('python')],
    }),
  );
  await communities.addMembers(admin!, onboarding.id, [...students, owner!], null);
  await communities.create(
    ids.learner,
    learningCommunityInputSchema.parse({
      title: 'Weekend TypeScript practice',
      description: 'A small exercise every Saturday morning.',
      creationReason: { type: 'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS' },
      topicIds: [topic('typescript'), topic('react')],
    }),
  );

  // Reminders from next Monday on, at times a learner with a day job would pick (UTC).
  const now = WALL_CLOCK.now();
  const nextMonday = addDays(weekStartDate(zonedDate(now, 'UTC')), 7);
  const at = (date: string, hour: number) =>
    new Date(startOfZonedDay(date, 'UTC').getTime() + hour * HOUR_MS);
  const reminder = (input: Record<string, unknown>) =>
    reminders.create(ids.learner, learningReminderInputSchema.parse(input));
  await reminder({
    title: 'Python for Data Analysis: two lectures',
    learningProduct: { id: courseId('python-for-data-analysis'), type: 'COURSE' },
    startDate: at(nextMonday, 18).toISOString(),
    endDate: at(addDays(nextMonday, 90), 0).toISOString(),
    durationInMinutes: 45,
    calendarType: 'GOOGLE',
    recurrencePattern: 'FREQ=WEEKLY;BYDAY=MO,WE',
    reminderMethod: 'EMAIL',
    reminderMinutesBefore: 15,
  });
  await reminder({
    title: 'TypeScript deep work',
    learningProduct: { id: courseId('typescript-from-first-principles'), type: 'COURSE' },
    startDate: at(addDays(nextMonday, 5), 9).toISOString(),
    durationInMinutes: 90,
    calendarType: 'APPLE',
    recurrencePattern: 'FREQ=WEEKLY;BYDAY=SA',
    reminderMethod: 'PUSH',
    reminderMinutesBefore: 30,
  });
  await reminder({
    title: 'Fifteen minutes of learning',
    startDate: at(nextMonday, 7).toISOString(),
    durationInMinutes: 15,
    calendarType: 'OUTLOOK',
    recurrencePattern: 'FREQ=DAILY;COUNT=30',
    reminderMethod: 'PUSH',
    reminderMinutesBefore: 5,
  });

  // Lecture minutes: an old three-week streak that lapsed, then the last three weeks and this
  // one over the 30-minute goal. Days of this week lie in the past, so today stays today.
  const thisMonday = weekStartDate(zonedDate(now, 'UTC'));
  const weekAgo = (weeks: number, day: number) => at(addDays(thisMonday, day - 7 * weeks), 20);
  const history: [Date, number][] = [
    [weekAgo(9, 1), 25],
    [weekAgo(9, 3), 20],
    [weekAgo(8, 0), 40],
    [weekAgo(7, 2), 35],
    [weekAgo(6, 4), 10],
    [weekAgo(3, 0), 20],
    [weekAgo(3, 2), 25],
    [weekAgo(2, 1), 50],
    [weekAgo(1, 3), 15],
    [weekAgo(1, 5), 30],
    [new Date(Math.max(startOfZonedDay(thisMonday, 'UTC').getTime(), now.getTime() - HOUR_MS)), 35],
  ];
  for (const [when, minutes] of history) await streaks.recordMinutes(ids.learner, when, minutes);
}
