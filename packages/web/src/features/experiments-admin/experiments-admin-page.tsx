import type { ExperimentStatus, ExperimentSummary } from '@lectern/domain';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminLayout } from '../admin-shell/admin-layout';
import { ExperimentForm } from './experiment-form';
import { experimentsQuery, switchExperiment } from './experiments-admin-api';

const STATUS_COLORS: Record<ExperimentStatus, string> = {
  draft: 'gray',
  running: 'green',
  stopped: 'orange',
};
const STATUS_MESSAGES: Record<ExperimentStatus, MessageId> = {
  draft: 'experimentsAdmin.status.draft',
  running: 'experimentsAdmin.status.running',
  stopped: 'experimentsAdmin.status.stopped',
};

/**
 * `/admin/experiments/`: the operator's feature experiments (platform §3/§7). Each shows its
 * arms with their weights and the units exposed to each so far; an experiment is started and
 * stopped here, and edited while it is not running.
 */
export function ExperimentsAdminPage() {
  const intl = useIntl();
  return (
    <AdminLayout title={intl.formatMessage({ id: 'experimentsAdmin.heading' })}>
      <Experiments />
    </AdminLayout>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; experiment: ExperimentSummary } | null;

function Experiments() {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const list = useQuery(experimentsQuery(api));
  const [editing, setEditing] = useState<Editing>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: experimentsQuery(api).queryKey });
  const toggle = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'start' | 'stop' }) =>
      switchExperiment(api, id, action),
    onMutate: () => setSwitchError(null),
    onError: (error) =>
      setSwitchError(
        isApiError(error) ? error.detail : intl.formatMessage({ id: 'experimentsAdmin.switchFailed' }),
      ),
    onSettled: refresh,
  });

  if (list.isPending) return <PageLoader label={intl.formatMessage({ id: 'experimentsAdmin.loading' })} />;
  if (list.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="experimentsAdmin.loadError" />}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (editing) {
    return (
      <ExperimentForm
        experiment={editing.kind === 'edit' ? editing.experiment : null}
        onDone={async () => {
          await refresh();
          setEditing(null);
        }}
      />
    );
  }
  const experiments = list.data.results;
  return (
    <Stack gap="md">
      <Text c="dimmed">
        <FormattedMessage id="experimentsAdmin.intro" />
      </Text>
      <Button w="fit-content" onClick={() => setEditing({ kind: 'new' })}>
        <FormattedMessage id="experimentsAdmin.new" />
      </Button>
      {switchError && (
        <Alert color="red" variant="light" role="alert">
          {switchError}
        </Alert>
      )}
      {experiments.length === 0 ? (
        <Text>
          <FormattedMessage id="experimentsAdmin.empty" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped captionSide="top" verticalSpacing="sm">
            <Table.Caption>
              <FormattedMessage id="experimentsAdmin.caption" />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <FormattedMessage id="experimentsAdmin.experiment" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="experimentsAdmin.status" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="experimentsAdmin.traffic" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="experimentsAdmin.variantsAndExposures" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="experimentsAdmin.actions" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {experiments.map((experiment) => (
                <ExperimentRow
                  key={experiment.id}
                  experiment={experiment}
                  busy={toggle.isPending && toggle.variables?.id === experiment.id}
                  onEdit={() => setEditing({ kind: 'edit', experiment })}
                  onSwitch={(action) => toggle.mutate({ id: experiment.id, action })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ExperimentRow({
  experiment,
  busy,
  onEdit,
  onSwitch,
}: {
  experiment: ExperimentSummary;
  busy: boolean;
  onEdit: () => void;
  onSwitch: (action: 'start' | 'stop') => void;
}) {
  const intl = useIntl();
  const totalWeight = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  const running = experiment.status === 'running';
  const since = running ? experiment.startedAt : experiment.stoppedAt;
  return (
    <Table.Tr data-testid={`experiment-${experiment.featureCode}`}>
      <Table.Td>
        <Text fw={600}>{experiment.name}</Text>
        <Text size="sm" ff="monospace">
          {experiment.featureCode}
        </Text>
        {experiment.description && (
          <Text size="sm" c="dimmed">
            {experiment.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[experiment.status]} variant="light">
          <FormattedMessage id={STATUS_MESSAGES[experiment.status]} />
        </Badge>
        {since && (
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id={running ? 'experimentsAdmin.since' : 'experimentsAdmin.stoppedOn'}
              values={{ date: intl.formatDate(since, { dateStyle: 'medium', timeStyle: 'short' }) }}
            />
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {intl.formatNumber(experiment.trafficPercent / 100, { style: 'percent', maximumFractionDigits: 2 })}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {experiment.variants.map((variant) => (
            <Text size="sm" key={variant.key}>
              <FormattedMessage
                id="experimentsAdmin.variantLine"
                values={{
                  key: <code>{variant.key}</code>,
                  share: intl.formatNumber(totalWeight > 0 ? variant.weight / totalWeight : 0, {
                    style: 'percent',
                    maximumFractionDigits: 1,
                  }),
                  exposed: experiment.exposures[variant.key] ?? 0,
                }}
              />
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color={running ? 'red.9' : undefined}
            loading={busy}
            aria-label={intl.formatMessage(
              { id: running ? 'experimentsAdmin.stopNamed' : 'experimentsAdmin.startNamed' },
              { name: experiment.name },
            )}
            onClick={() => onSwitch(running ? 'stop' : 'start')}
          >
            <FormattedMessage id={running ? 'experimentsAdmin.stop' : 'experimentsAdmin.start'} />
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={intl.formatMessage({ id: 'experimentsAdmin.editNamed' }, { name: experiment.name })}
            onClick={onEdit}
          >
            <FormattedMessage id="experimentsAdmin.edit" />
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
