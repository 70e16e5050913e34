import { learningReminderCalendarPath, PAGE_ROUTES } from '@lectern/domain';
import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback/feedback-provider';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { currentPage, pageHref, Pagination } from '../../ui/pagination';
import { RequireSignIn } from '../subscriptions/require-sign-in';
import {
  deleteReminder,
  LEARNING_REMINDERS_KEY,
  learningRemindersQuery,
  type LearningReminder,
} from './learning-reminders-api';
import { CALENDAR_LABELS, REPEAT_LABELS, ReminderFormModal } from './reminder-form';
import { repeatChoiceOf } from './reminder-form-values';

const NOTICE_LABELS = {
  EMAIL: 'learningReminders.notice.EMAIL',
  PUSH: 'learningReminders.notice.PUSH',
} as const;

/** Which dialog is open: the form (for a new reminder or one to edit) or the delete confirmation. */
type Dialog =
  { kind: 'form'; reminder: LearningReminder | null } | { kind: 'delete'; reminder: LearningReminder } | null;

/**
 * `/home/my-courses/reminders/`: the learner's learning reminders (platform §3, §7), a page at a
 * time (`?p=`), to create, edit, delete, and add to a calendar through their .ics file.
 */
export function LearningRemindersPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'learningReminders.pageTitle' }));
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <Title order={1}>
              <FormattedMessage id="learningReminders.heading" />
            </Title>
            <Button onClick={() => setDialog({ kind: 'form', reminder: null })}>
              <FormattedMessage id="learningReminders.new" />
            </Button>
          </Group>
          <Text>
            <FormattedMessage id="learningReminders.intro" />
          </Text>
          <ReminderList
            onEdit={(reminder) => setDialog({ kind: 'form', reminder })}
            onDelete={(reminder) => setDialog({ kind: 'delete', reminder })}
          />
          <Anchor component={Link} to={PAGE_ROUTES.myCourses} w="fit-content">
            <FormattedMessage id="learningReminders.backToMyCourses" />
          </Anchor>
        </Stack>
      </Container>
      <ReminderFormModal
        opened={dialog?.kind === 'form'}
        reminder={dialog?.kind === 'form' ? dialog.reminder : null}
        onClose={() => setDialog(null)}
      />
      <DeleteReminderModal
        reminder={dialog?.kind === 'delete' ? dialog.reminder : null}
        onClose={() => setDialog(null)}
      />
    </RequireSignIn>
  );
}

function ReminderList({
  onEdit,
  onDelete,
}: {
  onEdit: (reminder: LearningReminder) => void;
  onDelete: (reminder: LearningReminder) => void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const { search } = useLocation();
  const page = currentPage(search);
  const reminders = useQuery(learningRemindersQuery(api, page));
  if (reminders.isPending) {
    return <PageLoader label={intl.formatMessage({ id: 'learningReminders.loading' })} />;
  }
  if (reminders.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="learningReminders.loadFailed" />}
        onRetry={() => void reminders.refetch()}
      />
    );
  }
  const { items, pageCount } = reminders.data;
  if (items.length === 0) {
    return (
      <Text data-testid="reminders-empty">
        <FormattedMessage id={page > 1 ? 'learningReminders.emptyPage' : 'learningReminders.empty'} />
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((reminder) => (
          <li key={reminder.id}>
            <ReminderCard
              reminder={reminder}
              onEdit={() => onEdit(reminder)}
              onDelete={() => onDelete(reminder)}
            />
          </li>
        ))}
      </Stack>
      <Pagination page={page} pageCount={pageCount} loading={reminders.isPlaceholderData} />
    </Stack>
  );
}

function ReminderCard({
  reminder,
  onEdit,
  onDelete,
}: {
  reminder: LearningReminder;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const repeat = repeatChoiceOf(reminder.recurrencePattern);
  const course = reminder.learningProduct;
  const title = reminder.title;
  return (
    <Paper withBorder p="md" radius="md" data-testid="learning-reminder">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text>
          <FormattedMessage
            id="learningReminders.when"
            values={{
              start: intl.formatDate(reminder.startDate, { dateStyle: 'full', timeStyle: 'short' }),
              minutes: reminder.durationInMinutes,
            }}
          />
        </Text>
        <Text size="sm">
          {repeat === 'CUSTOM' ? (
            <FormattedMessage
              id="learningReminders.customRule"
              values={{ rule: reminder.recurrencePattern }}
            />
          ) : (
            <FormattedMessage id={REPEAT_LABELS[repeat]} />
          )}
          {reminder.endDate && (
            <>
              {' '}
              <FormattedMessage
                id="learningReminders.until"
                values={{ date: intl.formatDate(reminder.endDate, { dateStyle: 'medium' }) }}
              />
            </>
          )}
        </Text>
        {course && (
          <Text size="sm">
            <FormattedMessage
              id="learningReminders.course"
              values={{
                course: course.url ? (
                  <Anchor component={Link} to={course.url}>
                    {course.title ?? course.id}
                  </Anchor>
                ) : (
                  (course.title ?? course.id)
                ),
              }}
            />
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id={NOTICE_LABELS[reminder.reminderMethod]}
            values={{ minutes: reminder.reminderMinutesBefore }}
          />
          {' · '}
          <FormattedMessage id={CALENDAR_LABELS[reminder.calendarType]} />
        </Text>
        <Group gap="sm" mt="xs">
          <Button
            variant="default"
            size="sm"
            onClick={onEdit}
            aria-label={intl.formatMessage({ id: 'learningReminders.editLabel' }, { title })}
          >
            <FormattedMessage id="learningReminders.edit" />
          </Button>
          <Button
            component="a"
            variant="default"
            size="sm"
            href={learningReminderCalendarPath(reminder.id)}
            download={`learning-reminder-${reminder.id}.ics`}
            aria-label={intl.formatMessage({ id: 'learningReminders.downloadLabel' }, { title })}
          >
            <FormattedMessage id="learningReminders.download" />
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            onClick={onDelete}
            aria-label={intl.formatMessage({ id: 'learningReminders.deleteLabel' }, { title })}
          >
            <FormattedMessage id="learningReminders.delete" />
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeleteReminderModal({
  reminder,
  onClose,
}: {
  reminder: LearningReminder | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const remove = useMutation({
    mutationFn: (id: string) => deleteReminder(api, id),
    onSuccess: async () => {
      const page = currentPage(search);
      const shown = queryClient.getQueryData(learningRemindersQuery(api, page).queryKey);
      // The last reminder of a later page: go back a page rather than show an empty one.
      if (page > 1 && shown?.items.length === 1) await navigate(pageHref(pathname, search, page - 1));
      await queryClient.invalidateQueries({ queryKey: LEARNING_REMINDERS_KEY });
      feedback.push({
        kind: 'toast',
        variant: 'success',
        text: intl.formatMessage({ id: 'learningReminders.deleted' }),
      });
      close();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmActionModal
      opened={reminder !== null}
      title={intl.formatMessage({ id: 'learningReminders.deleteTitle' })}
      error={remove.error ? remove.error.message : null}
      cancelLabel={intl.formatMessage({ id: 'learningReminders.form.cancel' })}
      confirmLabel={intl.formatMessage({ id: 'learningReminders.delete' })}
      pending={remove.isPending}
      onConfirm={() => reminder && remove.mutate(reminder.id)}
      onClose={close}
    >
      <Text>
        <FormattedMessage id="learningReminders.deleteText" values={{ title: reminder?.title ?? '' }} />
      </Text>
    </ConfirmActionModal>
  );
}
