import { PAGE_ROUTES, type AuthenticatedMe } from '@lectern/domain';
import { Anchor, Badge, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFeedback } from '../../app/feedback/feedback-provider';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { RequireSignIn } from '../subscriptions/require-sign-in';
import { CreateCommunityModal, InviteColleaguesModal, REASON_LABELS } from './community-forms';
import {
  deleteCommunity,
  leaveCommunity,
  MY_COMMUNITIES_KEY,
  myCommunitiesQuery,
  type LearningCommunity,
} from './learning-communities-api';

type Dialog =
  { kind: 'create' } | { kind: 'invite' | 'leave' | 'delete'; community: LearningCommunity } | null;

/**
 * `/home/my-courses/communities/`: the learning communities the learner belongs to (platform §3,
 * §7) with their members and topics; found one, invite colleagues of its organization by e-mail,
 * leave one, or delete one they own.
 */
export function LearningCommunitiesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'learningCommunities.pageTitle' }));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <Title order={1}>
              <FormattedMessage id="learningCommunities.heading" />
            </Title>
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <FormattedMessage id="learningCommunities.new" />
            </Button>
          </Group>
          <Text>
            <FormattedMessage id="learningCommunities.intro" />
          </Text>
          <CommunityList onAction={(kind, community) => setDialog({ kind, community })} />
          <Anchor component={Link} to={PAGE_ROUTES.myCourses} w="fit-content">
            <FormattedMessage id="learningCommunities.backToMyCourses" />
          </Anchor>
        </Stack>
      </Container>
      <CreateCommunityModal opened={dialog?.kind === 'create'} onClose={close} />
      <InviteColleaguesModal
        community={dialog?.kind === 'invite' ? dialog.community : null}
        onClose={close}
      />
      <LeaveOrDeleteModal
        dialog={dialog?.kind === 'leave' || dialog?.kind === 'delete' ? dialog : null}
        onClose={close}
      />
    </RequireSignIn>
  );
}

function CommunityList({
  onAction,
}: {
  onAction: (kind: 'invite' | 'leave' | 'delete', community: LearningCommunity) => void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const me = useMe();
  const communities = useQuery(myCommunitiesQuery(api));
  if (!me.is_authenticated) return null;
  if (communities.isPending) {
    return <PageLoader label={intl.formatMessage({ id: 'learningCommunities.loading' })} />;
  }
  if (communities.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="learningCommunities.loadFailed" />}
        onRetry={() => void communities.refetch()}
      />
    );
  }
  if (communities.data.length === 0) {
    return (
      <Text data-testid="communities-empty">
        <FormattedMessage id="learningCommunities.empty" />
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {communities.data.map((community) => (
        <li key={community.id}>
          <CommunityCard community={community} me={me} onAction={(kind) => onAction(kind, community)} />
        </li>
      ))}
    </Stack>
  );
}

const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`.trim();

function CommunityCard({
  community,
  me,
  onAction,
}: {
  community: LearningCommunity;
  me: AuthenticatedMe;
  onAction: (kind: 'invite' | 'leave' | 'delete') => void;
}) {
  const intl = useIntl();
  const owned = community.owner.id === String(me.id);
  const title = community.title;
  const reason = community.creationReason;
  // An owner alone in the community can only delete it (the server refuses the leave).
  const canLeave = !owned || community.numberOfMembers > 1;
  return (
    <Paper withBorder p="md" radius="md" data-testid="learning-community">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {community.description && <Text style={{ whiteSpace: 'pre-line' }}>{community.description}</Text>}
        <Text size="sm">
          <FormattedMessage
            id="learningCommunities.why"
            values={{
              reason:
                reason.type === 'OTHER' && reason.text
                  ? reason.text
                  : intl.formatMessage({ id: REASON_LABELS[reason.type] }),
            }}
          />
          {reason.type !== 'OTHER' && reason.text && <> ({reason.text})</>}
        </Text>
        <Text size="sm">
          {owned ? (
            <FormattedMessage id="learningCommunities.ownedByYou" />
          ) : (
            <FormattedMessage id="learningCommunities.owner" values={{ name: fullName(community.owner) }} />
          )}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`community-${community.id}-members`}>
            <FormattedMessage
              id="learningCommunities.members"
              values={{ count: community.numberOfMembers }}
            />
          </Text>
          <List size="sm" aria-labelledby={`community-${community.id}-members`}>
            {community.members.map((member) => (
              <List.Item key={member.id}>{fullName(member)}</List.Item>
            ))}
          </List>
        </Stack>
        {community.topics.length > 0 && (
          <Group gap="xs" aria-label={intl.formatMessage({ id: 'learningCommunities.topics' })} role="list">
            {community.topics.map((topic) => (
              <Badge key={topic.id} variant="light" role="listitem">
                {topic.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="sm" mt="xs">
          {community.organizationId !== null && (
            <Button
              variant="default"
              size="sm"
              onClick={() => onAction('invite')}
              aria-label={intl.formatMessage({ id: 'learningCommunities.inviteLabel' }, { title })}
            >
              <FormattedMessage id="learningCommunities.invite" />
            </Button>
          )}
          {canLeave && (
            <Button
              variant="default"
              size="sm"
              onClick={() => onAction('leave')}
              aria-label={intl.formatMessage({ id: 'learningCommunities.leaveLabel' }, { title })}
            >
              <FormattedMessage id="learningCommunities.leave" />
            </Button>
          )}
          {owned && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              onClick={() => onAction('delete')}
              aria-label={intl.formatMessage({ id: 'learningCommunities.deleteLabel' }, { title })}
            >
              <FormattedMessage id="learningCommunities.delete" />
            </Button>
          )}
        </Group>
        {community.organizationId === null && (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="learningCommunities.noOrganization" />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The confirmation of leaving or deleting a community; the server's refusal stays in the dialog. */
function LeaveOrDeleteModal({
  dialog,
  onClose,
}: {
  dialog: { kind: 'invite' | 'leave' | 'delete'; community: LearningCommunity } | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const me = useMe();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const leaving = dialog?.kind === 'leave';
  const change = useMutation({
    mutationFn: ({ kind, id }: { kind: 'leave' | 'delete'; id: string }) =>
      kind === 'leave' ? leaveCommunity(api, id) : deleteCommunity(api, id),
    onSuccess: async (_nothing, { kind }) => {
      await queryClient.invalidateQueries({ queryKey: MY_COMMUNITIES_KEY });
      feedback.push({
        kind: 'toast',
        variant: 'success',
        text: intl.formatMessage({
          id: kind === 'leave' ? 'learningCommunities.left' : 'learningCommunities.deleted',
        }),
      });
      close();
    },
  });
  const close = () => {
    change.reset();
    onClose();
  };
  const community = dialog?.community;
  const owned = me.is_authenticated && community?.owner.id === String(me.id);
  return (
    <ConfirmActionModal
      opened={dialog !== null}
      title={intl.formatMessage(
        { id: leaving ? 'learningCommunities.leaveTitle' : 'learningCommunities.deleteTitle' },
        { title: community?.title ?? '' },
      )}
      error={change.error ? change.error.message : null}
      cancelLabel={intl.formatMessage({ id: 'learningCommunities.cancel' })}
      confirmLabel={intl.formatMessage({
        id: leaving ? 'learningCommunities.leave' : 'learningCommunities.delete',
      })}
      pending={change.isPending}
      onConfirm={() => community && change.mutate({ kind: leaving ? 'leave' : 'delete', id: community.id })}
      onClose={close}
    >
      <Text>
        <FormattedMessage
          id={
            leaving
              ? owned
                ? 'learningCommunities.leaveOwnerText'
                : 'learningCommunities.leaveText'
              : 'learningCommunities.deleteText'
          }
        />
      </Text>
    </ConfirmActionModal>
  );
}
