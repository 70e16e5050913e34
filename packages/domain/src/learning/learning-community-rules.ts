import { z } from 'zod';
import { MAX_DATABASE_ID } from '../api/database-id.js';

/** Platform §3 community creation reasons. */
export const LEARNING_COMMUNITY_CREATION_REASONS = [
  'COMPANY_WIDE_TRANSFORMATION_INITIATE',
  'COMPLIANCE_TRAINING',
  'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS',
  'ONBOARDING_A_NEW_TEAM',
  'OTHER',
  'STUDY_FOR_A_CERTIFICATE',
] as const;
export type LearningCommunityCreationReason = (typeof LEARNING_COMMUNITY_CREATION_REASONS)[number];

/** Bounds of a learning community and of one call that changes it. */
export const LEARNING_COMMUNITY_LIMITS = {
  titleMaxLength: 100,
  descriptionMaxLength: 2000,
  reasonTextMaxLength: 500,
  invitationMessageMaxLength: 1000,
  topicsMax: 10,
  /** Ids per `learningCommunities(ids)` and per add or remove call. */
  idsPerCall: 50,
  usersPerCall: 100,
} as const;

const limits = LEARNING_COMMUNITY_LIMITS;

/** A GraphQL ID that is one of our database ids, as a number. */
export const databaseIdText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= MAX_DATABASE_ID, message);

/** A list of ids (duplicates dropped, order kept) of at least one and at most `max`. */
export const idListOf = (what: string, max: number) =>
  z
    .array(databaseIdText(`Each entry must be the id of a ${what}.`), {
      error: `Give a list of ${what} ids.`,
    })
    .min(1, `Give at least one ${what} id.`)
    .max(max, `Give at most ${max} ${what} ids at once.`)
    .transform((ids) => [...new Set(ids)]);

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, `${field} can be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** `learningCommunityCreate(learningCommunity)`: the reason OTHER needs its own words. */
export const learningCommunityInputSchema = z.object({
  title: z
    .string({ error: 'Give the community a title.' })
    .trim()
    .min(1, 'Give the community a title.')
    .max(limits.titleMaxLength, `The title can be at most ${limits.titleMaxLength} characters.`),
  description: optionalText('description', limits.descriptionMaxLength).transform((value) => value ?? ''),
  creationReason: z
    .object({
      type: z.enum(LEARNING_COMMUNITY_CREATION_REASONS, {
        error: `type must be one of ${LEARNING_COMMUNITY_CREATION_REASONS.join(', ')}.`,
      }),
      text: optionalText('text', limits.reasonTextMaxLength),
    })
    .refine((reason) => reason.type !== 'OTHER' || reason.text !== null, {
      message: 'Say in a few words why the community exists.',
      path: ['text'],
    }),
  topicIds: z
    .array(databaseIdText('Each entry must be the id of a topic.'), { error: 'Give a list of topic ids.' })
    .max(limits.topicsMax, `A community can have at most ${limits.topicsMax} topics.`)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});
export type LearningCommunityInput = z.output<typeof learningCommunityInputSchema>;

/** The optional invitation of `learningCommunityAddMembers`: the added members are mailed, with the message. */
export const learningCommunityInvitationSchema = z
  .object({ message: optionalText('message', limits.invitationMessageMaxLength) })
  .nullish()
  .transform((value) => value ?? null);
