import { PAGE_ROUTES } from '@lectern/domain';
import {
  Alert,
  Anchor,
  Container,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { z } from 'zod';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import {
  advanceDevClock,
  DEV_CLOCK_QUERY_KEY,
  devClockQuery,
  isNotAvailable,
  type DevClock,
  type DevClockAdvance,
  type DevClockAdvanced,
} from './dev-tools-api';
import { DevToolsUnavailable, useDevToolsAvailable } from './dev-tools-unavailable';
import { SubmitButton } from '../../ui/submit-button';

export const MAX_ADVANCE_DAYS = 400;
const DAY_MS = 86_400_000;

type AdvanceMode = 'days' | 'date';

/**
 * The form's fields, named as the API names them so its `field_errors` land under them; the
 * date is a `datetime-local` value (the browser's time zone), sent as an ISO instant.
 */
function advanceSchema(intl: IntlShape) {
  return z
    .object({
      mode: z.enum(['days', 'date']),
      advance_days: z.string(),
      advance_to: z.string(),
    })
    .superRefine((input, context) => {
      if (input.mode === 'days') {
        const days = Number(input.advance_days.trim());
        if (!/^\d+$/.test(input.advance_days.trim()) || days < 1 || days > MAX_ADVANCE_DAYS) {
          context.addIssue({
            code: 'custom',
            path: ['advance_days'],
            message: intl.formatMessage({ id: 'devTools.clock.daysInvalid' }),
          });
        }
      } else if (!input.advance_to || Number.isNaN(new Date(input.advance_to).getTime())) {
        context.addIssue({
          code: 'custom',
          path: ['advance_to'],
          message: intl.formatMessage({ id: 'devTools.clock.dateInvalid' }),
        });
      }
    })
    .transform((input): DevClockAdvance =>
      input.mode === 'days'
        ? { advance_days: Number(input.advance_days.trim()) }
        : { advance_to: new Date(input.advance_to).toISOString() },
    );
}

const formatMoment = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'medium' });

/**
 * `/dev/clock/` (outside production): the server's clock, and a form that moves it forward by
 * a number of days or to a moment, running the jobs that come due on the way.
 */
export function DevClockPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'devTools.clock.pageTitle' }));
  const api = useApiClient();
  const available = useDevToolsAvailable();
  const clock = useQuery({ ...devClockQuery(api), enabled: available });

  let body;
  if (!available) {
    body = <DevToolsUnavailable />;
  } else if (clock.isPending) {
    body = <PageLoader label={intl.formatMessage({ id: 'devTools.clock.loading' })} />;
  } else if (clock.isError) {
    body = isNotAvailable(clock.error) ? (
      <DevToolsUnavailable />
    ) : (
      <LoadErrorAlert
        message={<FormattedMessage id="devTools.clock.error" />}
        onRetry={() => void clock.refetch()}
      />
    );
  } else {
    body = (
      <>
        <ClockReading clock={clock.data} />
        <AdvanceForm />
      </>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="devTools.clock.heading" />
        </Title>
        <Text>
          <FormattedMessage id="devTools.clock.intro" />
        </Text>
        {body}
      </Stack>
    </Container>
  );
}

function ClockReading({ clock }: { clock: DevClock }) {
  const intl = useIntl();
  return (
    <Stack gap={4} data-testid="dev-clock-now">
      <Text size="lg">
        <FormattedMessage
          id="devTools.clock.now"
          values={{ now: formatMoment(intl, clock.now), b: (chunks) => <strong>{chunks}</strong> }}
        />
      </Text>
      <Text size="sm" c="dimmed">
        {clock.offset_ms > 0 ? (
          <FormattedMessage
            id="devTools.clock.offset"
            values={{ days: Math.floor(clock.offset_ms / DAY_MS) }}
          />
        ) : (
          <FormattedMessage id="devTools.clock.realTime" />
        )}
      </Text>
    </Stack>
  );
}

function AdvanceForm() {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const modeLabel = useId();
  const [result, setResult] = useState<DevClockAdvanced | null>(null);
  const schema = useMemo(() => advanceSchema(intl), [intl]);
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues: { mode: 'days' as AdvanceMode, advance_days: '1', advance_to: '' },
    submit: async (body) => {
      setResult(null);
      const answer = await advanceDevClock(api, body);
      setResult(answer);
      queryClient.setQueryData<DevClock>(DEV_CLOCK_QUERY_KEY, {
        now: answer.now,
        offset_ms: answer.offset_ms,
      });
    },
  });
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const mode = watch('mode');

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Stack gap={4}>
            <Text component="span" fw={500} size="sm" id={modeLabel}>
              <FormattedMessage id="devTools.clock.advanceBy" />
            </Text>
            <SegmentedControl
              aria-labelledby={modeLabel}
              value={mode}
              onChange={(value) => setValue('mode', value as AdvanceMode)}
              data={[
                { value: 'days', label: intl.formatMessage({ id: 'devTools.clock.mode.days' }) },
                { value: 'date', label: intl.formatMessage({ id: 'devTools.clock.mode.date' }) },
              ]}
              w="fit-content"
            />
          </Stack>
          {mode === 'days' ? (
            <TextInput
              label={intl.formatMessage({ id: 'devTools.clock.days' })}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ADVANCE_DAYS}
              step={1}
              error={errors.advance_days?.message}
              {...register('advance_days')}
            />
          ) : (
            <TextInput
              label={intl.formatMessage({ id: 'devTools.clock.date' })}
              type="datetime-local"
              error={errors.advance_to?.message}
              {...register('advance_to')}
            />
          )}
          <SubmitButton loading={isSubmitting} w="fit-content">
            <FormattedMessage id="devTools.clock.submit" />
          </SubmitButton>
        </Stack>
      </form>
      {result && (
        <Alert color="green" variant="light" role="status" data-testid="dev-clock-result">
          <Stack gap="xs">
            <Text size="sm">
              <FormattedMessage
                id="devTools.clock.result"
                values={{ date: formatMoment(intl, result.now), jobs: result.jobs_run }}
              />
            </Text>
            <Group gap="md">
              <Anchor component={Link} to={PAGE_ROUTES.devMailbox} size="sm">
                <FormattedMessage id="devTools.clock.openMailbox" />
              </Anchor>
              <Anchor component={Link} to={PAGE_ROUTES.manageSubscriptions} size="sm">
                <FormattedMessage id="devTools.clock.manageSubscriptions" />
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
