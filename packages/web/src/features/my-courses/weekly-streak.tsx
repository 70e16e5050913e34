import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient, type ApiClient } from '../../platform/api';
import { graphqlRequest } from '../../platform/graphql/graphql-request';
import type { StreakStatus } from '../../platform/graphql/graphql-types.generated';

/** The learner's weekly streak (platform §3): read when My courses opens, and again when it is old. */
export function weeklyStreakQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['learning-streaks', 'weekly'],
    queryFn: async ({ signal }) =>
      (await graphqlRequest(api, 'WeeklyStreak', {}, { signal })).streakUserLectureConsumptionWeekly,
    staleTime: 60_000,
  });
}

/** What each streak status tells the learner. */
const STATUS_MESSAGES = {
  ACTIVE_CURRENT_PERIOD_ACHIEVED: 'weeklyStreak.status.ACTIVE_CURRENT_PERIOD_ACHIEVED',
  ACTIVE_CURRENT_PERIOD_UNACHIEVED: 'weeklyStreak.status.ACTIVE_CURRENT_PERIOD_UNACHIEVED',
  DROPPED: 'weeklyStreak.status.DROPPED',
  ZERO_HISTORY: 'weeklyStreak.status.ZERO_HISTORY',
} as const satisfies Record<StreakStatus, MessageId>;

/**
 * My courses' weekly streak: how many weeks in a row reached the goal, this week's minutes of
 * lectures against the goal (a progress bar), and a word on where the streak stands. A streak
 * that cannot be read says so quietly: the courses below matter more.
 */
export function WeeklyStreak() {
  const intl = useIntl();
  const api = useApiClient();
  const headingId = useId();
  const streak = useQuery(weeklyStreakQuery(api));
  let body;
  if (streak.isPending) {
    body = (
      <Text size="sm" c="dimmed" role="status">
        <FormattedMessage id="weeklyStreak.loading" />
      </Text>
    );
  } else if (streak.isError) {
    body = (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="weeklyStreak.loadFailed" />
      </Text>
    );
  } else {
    const { weeklyStreak, minutesThisWeek, goalMinutesThisWeek, streakStatus, weekEndTime } = streak.data;
    const goal = Math.max(1, goalMinutesThisWeek);
    const percent = Math.min(100, Math.round((minutesThisWeek / goal) * 100));
    const lastDay = new Date(new Date(weekEndTime).getTime() - 1);
    body = (
      <Stack gap="xs">
        <Group gap="xs" align="baseline">
          <Text size="xl" fw={700} data-testid="streak-length">
            <FormattedMessage id="weeklyStreak.length" values={{ weeks: weeklyStreak.streakLength }} />
          </Text>
        </Group>
        <Progress.Root size="lg">
          {/* Its own ARIA values: Mantine's would say only "40%". */}
          <Progress.Section
            value={percent}
            color={minutesThisWeek >= goalMinutesThisWeek ? 'green' : 'blue'}
            withAria={false}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={intl.formatMessage({ id: 'weeklyStreak.progressLabel' })}
            aria-valuetext={intl.formatMessage(
              { id: 'weeklyStreak.minutes' },
              { minutes: minutesThisWeek, goal: goalMinutesThisWeek },
            )}
          />
        </Progress.Root>
        <Text size="sm" data-testid="streak-minutes">
          <FormattedMessage
            id="weeklyStreak.minutes"
            values={{ minutes: minutesThisWeek, goal: goalMinutesThisWeek }}
          />
        </Text>
        <Text size="sm" data-testid="streak-status">
          <FormattedMessage
            id={STATUS_MESSAGES[streakStatus]}
            values={{
              left: Math.max(0, goalMinutesThisWeek - minutesThisWeek),
              end: intl.formatDate(lastDay, { weekday: 'long' }),
            }}
          />
        </Text>
      </Stack>
    );
  }
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage id="weeklyStreak.heading" />
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
