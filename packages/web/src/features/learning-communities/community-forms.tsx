import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { useFeedback } from '../../app/feedback/feedback-provider';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { GraphqlError } from '../../platform/graphql/graphql-request';
import type { LearningCommunityInput } from '../../platform/graphql/graphql-types.generated';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SubmitButton } from '../../ui/submit-button';
import { communityFieldOf, CREATION_REASONS, inviteFieldOf, parseEmailList } from './community-form-values';
import {
  addMembers,
  createCommunity,
  findColleagues,
  MY_COMMUNITIES_KEY,
  type LearningCommunity,
} from './learning-communities-api';

export const REASON_LABELS = {
  LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS: 'learningCommunities.reason.LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS',
  STUDY_FOR_A_CERTIFICATE: 'learningCommunities.reason.STUDY_FOR_A_CERTIFICATE',
  ONBOARDING_A_NEW_TEAM: 'learningCommunities.reason.ONBOARDING_A_NEW_TEAM',
  COMPLIANCE_TRAINING: 'learningCommunities.reason.COMPLIANCE_TRAINING',
  COMPANY_WIDE_TRANSFORMATION_INITIATE: 'learningCommunities.reason.COMPANY_WIDE_TRANSFORMATION_INITIATE',
  OTHER: 'learningCommunities.reason.OTHER',
} as const satisfies Record<(typeof CREATION_REASONS)[number], MessageId>;

/** At most this many addresses per invitation (the server's limit of one lookup). */
export const INVITE_EMAILS_MAX = 20;

interface CreateValues {
  title: string;
  description: string;
  reasonType: (typeof CREATION_REASONS)[number] | '';
  reasonText: string;
}

/** The browser checks that there is a title and a reason; the rest (lengths, OTHER's words) is the server's. */
function createSchema(intl: IntlShape): z.ZodType<LearningCommunityInput, CreateValues> {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      reasonType: z.enum([...CREATION_REASONS, '']),
      reasonText: z.string(),
    })
    .superRefine((values, context) => {
      if (!values.title.trim()) {
        context.addIssue({
          code: 'custom',
          path: ['title'],
          message: intl.formatMessage({ id: 'learningCommunities.create.titleRequired' }),
        });
      }
      if (!values.reasonType) {
        context.addIssue({
          code: 'custom',
          path: ['reasonType'],
          message: intl.formatMessage({ id: 'learningCommunities.create.reasonRequired' }),
        });
      }
    })
    .transform((values) => ({
      title: values.title.trim(),
      description: values.description.trim() || null,
      creationReason: {
        type: values.reasonType || 'OTHER',
        text: values.reasonText.trim() || null,
      },
    }));
}

/** Founds a community: title, description, and why it exists (platform §3 creation reasons). */
export function CreateCommunityModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={intl.formatMessage({ id: 'learningCommunities.create.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'learningCommunities.cancel' }) }}
    >
      {opened && <CreateCommunityForm onDone={onClose} />}
    </Modal>
  );
}

function CreateCommunityForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const schema = useMemo(() => createSchema(intl), [intl]);
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues: { title: '', description: '', reasonType: '', reasonText: '' } as CreateValues,
    fieldOf: communityFieldOf,
    submit: (input) => createCommunity(api, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MY_COMMUNITIES_KEY });
      feedback.push({
        kind: 'toast',
        variant: 'success',
        text: intl.formatMessage({ id: 'learningCommunities.create.created' }),
      });
      onDone();
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const label = (id: MessageId) => intl.formatMessage({ id });
  const other = watch('reasonType') === 'OTHER';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput
          label={label('learningCommunities.create.name')}
          required
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <Textarea
          label={label('learningCommunities.create.description')}
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
        <NativeSelect
          label={label('learningCommunities.create.reason')}
          required
          data={[
            { value: '', label: label('learningCommunities.create.chooseReason'), disabled: true },
            ...CREATION_REASONS.map((reason) => ({ value: reason, label: label(REASON_LABELS[reason]) })),
          ]}
          error={errors.reasonType?.message}
          {...register('reasonType')}
        />
        <Textarea
          label={label('learningCommunities.create.reasonText')}
          description={label(
            other
              ? 'learningCommunities.create.reasonTextRequired'
              : 'learningCommunities.create.reasonTextHint',
          )}
          required={other}
          rows={2}
          error={errors.reasonText?.message}
          {...register('reasonText')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {label('learningCommunities.cancel')}
          </Button>
          <SubmitButton loading={isSubmitting}>{label('learningCommunities.create.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

interface InviteValues {
  emails: string;
  message: string;
}

/**
 * Adds colleagues by e-mail: the addresses are looked up among the people of the community's
 * organization (`learningCommunityColleagues`), then added by id with an invitation mail. An
 * address of nobody there, or of someone already in, is said under the field and nothing is sent.
 */
export function InviteColleaguesModal({
  community,
  onClose,
}: {
  community: LearningCommunity | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={community !== null}
      onClose={onClose}
      size="lg"
      title={intl.formatMessage(
        { id: 'learningCommunities.invite.title' },
        { community: community?.title ?? '' },
      )}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'learningCommunities.cancel' }) }}
    >
      {community && <InviteForm key={community.id} community={community} onDone={onClose} />}
    </Modal>
  );
}

function InviteForm({ community, onDone }: { community: LearningCommunity; onDone: () => void }) {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const schema = useMemo(
    () =>
      z
        .object({ emails: z.string(), message: z.string() })
        .transform((values) => ({
          emails: parseEmailList(values.emails),
          message: values.message.trim() || null,
        }))
        .superRefine((values, context) => {
          if (values.emails.length === 0 || values.emails.length > INVITE_EMAILS_MAX) {
            context.addIssue({
              code: 'custom',
              path: ['emails'],
              message: intl.formatMessage(
                { id: 'learningCommunities.invite.emailsRequired' },
                { max: INVITE_EMAILS_MAX },
              ),
            });
          }
        }),
    [intl],
  );
  const refuse = (id: MessageId, emails: string[]) => {
    const message = intl.formatMessage(
      { id },
      { emails: intl.formatList(emails, { type: 'conjunction' }), count: emails.length },
    );
    return new GraphqlError(message, { code: 'BAD_USER_INPUT', field_errors: { emails: [message] } });
  };
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues: { emails: '', message: '' } as InviteValues,
    fieldOf: inviteFieldOf,
    submit: async ({ emails, message }) => {
      const colleagues = await findColleagues(api, community.id, emails);
      const found = new Set(colleagues.map((colleague) => colleague.email.toLowerCase()));
      const unknown = emails.filter((email) => !found.has(email));
      if (unknown.length > 0) throw refuse('learningCommunities.invite.notColleagues', unknown);
      const members = new Set(community.members.map((member) => member.id));
      const newcomers = colleagues.filter((colleague) => !members.has(colleague.id));
      if (newcomers.length === 0) {
        throw refuse(
          'learningCommunities.invite.alreadyMembers',
          colleagues.map((colleague) => colleague.email),
        );
      }
      await addMembers(
        api,
        community.id,
        newcomers.map((colleague) => colleague.id),
        message,
      );
      feedback.push({
        kind: 'toast',
        variant: 'success',
        text: intl.formatMessage({ id: 'learningCommunities.invite.added' }, { count: newcomers.length }),
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MY_COMMUNITIES_KEY });
      onDone();
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const label = (id: MessageId) => intl.formatMessage({ id });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Textarea
          label={label('learningCommunities.invite.emails')}
          description={intl.formatMessage(
            { id: 'learningCommunities.invite.emailsHint' },
            { max: INVITE_EMAILS_MAX },
          )}
          required
          rows={2}
          autoComplete="off"
          spellCheck={false}
          error={errors.emails?.message}
          {...register('emails')}
        />
        <Textarea
          label={label('learningCommunities.invite.message')}
          rows={2}
          error={errors.message?.message}
          {...register('message')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {label('learningCommunities.cancel')}
          </Button>
          <SubmitButton loading={isSubmitting}>{label('learningCommunities.invite.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
