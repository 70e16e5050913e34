import type { LearningCommunityCreationReasonType } from '../../platform/graphql/graphql-types.generated';

/** Platform §3 creation reasons, in the order the form offers them (OTHER last). */
export const CREATION_REASONS = [
  'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS',
  'STUDY_FOR_A_CERTIFICATE',
  'ONBOARDING_A_NEW_TEAM',
  'COMPLIANCE_TRAINING',
  'COMPANY_WIDE_TRANSFORMATION_INITIATE',
  'OTHER',
] as const satisfies readonly LearningCommunityCreationReasonType[];

/** The addresses of a list typed by hand: separated by commas, semicolons, spaces or lines; once each. */
export function parseEmailList(text: string): string[] {
  const emails = text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(emails)];
}

/** The create form's field for a key of the server's field errors (`learningCommunity.creationReason.text`). */
export function communityFieldOf(key: string): string {
  switch (key) {
    case 'learningCommunity.title':
      return 'title';
    case 'learningCommunity.description':
      return 'description';
    case 'learningCommunity.creationReason.type':
      return 'reasonType';
    case 'learningCommunity.creationReason':
    case 'learningCommunity.creationReason.text':
      return 'reasonText';
    default:
      return key;
  }
}

/** The invite form's field for a key of the server's field errors (`emails.0`, `userIds`, `invitation.message`). */
export function inviteFieldOf(key: string): string {
  if (key === 'emails' || key.startsWith('emails.') || key.startsWith('userIds')) return 'emails';
  if (key.startsWith('invitation')) return 'message';
  return key;
}
