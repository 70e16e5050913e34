import { describe, expect, it } from 'vitest';
import {
  learningCommunityInputSchema,
  learningCommunityInvitationSchema,
} from './learning-community-rules.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('learningCommunityInputSchema', () => {
  it('reads a community: trimmed texts, an empty description, topic ids without repeats', () => {
    expect(
      learningCommunityInputSchema.parse({
        title: ' Cloud circle ',
        creationReason: { type: 'STUDY_FOR_A_CERTIFICATE', text: ' ' },
        topicIds: ['3', '1', '3'],
      }),
    ).toEqual({
      title: 'Cloud circle',
      description: '',
      creationReason: { type: 'STUDY_FOR_A_CERTIFICATE', text: null },
      topicIds: [3, 1],
    });
  });

  it('wants words for OTHER, and bounds the rest', () => {
    const result = learningCommunityInputSchema.safeParse({
      title: 'x'.repeat(101),
      description: 'd'.repeat(2001),
      creationReason: { type: 'OTHER' },
      topicIds: Array.from({ length: 11 }, (_, i) => String(i + 1)),
    });
    expect(messagesOf(result)).toEqual({
      title: 'The title can be at most 100 characters.',
      description: 'description can be at most 2000 characters.',
      'creationReason.text': 'Say in a few words why the community exists.',
      topicIds: 'A community can have at most 10 topics.',
    });
    expect(
      messagesOf(learningCommunityInputSchema.safeParse({ title: 'T', creationReason: { type: 'FUN' } })),
    ).toEqual({
      'creationReason.type': expect.stringMatching(
        /^type must be one of COMPANY_WIDE_TRANSFORMATION_INITIATE/,
      ),
    });
  });

  it('reads an invitation with or without a message', () => {
    expect(learningCommunityInvitationSchema.parse(null)).toBeNull();
    expect(learningCommunityInvitationSchema.parse({})).toEqual({ message: null });
    expect(learningCommunityInvitationSchema.parse({ message: ' Hi! ' })).toEqual({ message: 'Hi!' });
  });
});
