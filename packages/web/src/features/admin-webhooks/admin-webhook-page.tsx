import {
  isDatabaseIdText,
  PAGE_ROUTES,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type AdminWebhookAttempt,
  type AdminWebhookDelivery,
  type AdminWebhookEndpoint,
  type AdminWebhookEndpointWithSecret,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';
import { adminDateTime } from '../admin-shell/admin-format';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { AdminListResults, useAdminListParams } from '../admin-shell/admin-list-controls';
import {
  adminWebhookDeliveriesQuery,
  adminWebhookDeliveryQuery,
  adminWebhookQuery,
  deleteWebhook,
  resendWebhookDelivery,
  rollWebhookSecret,
  updateWebhook,
} from './admin-webhooks-api';
import { WebhookDeliveryBadge, WebhookEndpointStatusBadge } from './webhook-badges';
import { WebhookEndpointForm } from './webhook-endpoint-form';
import { WebhookSecretNotice } from './webhook-secret-notice';

/** `/admin/webhooks/:id/`: one endpoint, its settings and secret, its deliveries and history. */
export function AdminWebhookPage() {
  const { id = '' } = useParams();
  const endpointId = isDatabaseIdText(id) ? Number(id) : null;
  return (
    <AdminLayout title={endpointId ? `Webhook endpoint #${endpointId}` : 'Webhook endpoint'}>
      {endpointId ? <EndpointView endpointId={endpointId} /> : <Missing id={id} />}
    </AdminLayout>
  );
}

function Missing({ id }: { id: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>There is no webhook endpoint {id}.</Text>
      <Anchor component={Link} to={PAGE_ROUTES.adminWebhooks}>
        Back to the webhooks
      </Anchor>
    </Stack>
  );
}

function EndpointView({ endpointId }: { endpointId: number }) {
  const api = useApiClient();
  const endpoint = useQuery(adminWebhookQuery(api, endpointId));
  if (endpoint.isPending) return <PageLoader label="Loading the endpoint" />;
  if (endpoint.isError) {
    if (isApiError(endpoint.error) && endpoint.error.statusCode === 404)
      return <Missing id={String(endpointId)} />;
    return (
      <LoadErrorAlert message="The endpoint could not be loaded." onRetry={() => void endpoint.refetch()} />
    );
  }
  return <EndpointSections endpoint={endpoint.data} />;
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title} padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/** Label and value pairs. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={6} m={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function EndpointSections({ endpoint }: { endpoint: AdminWebhookEndpoint }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mayManage = useStaffMay('webhooks.manage');
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'roll' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'webhook', endpoint.id] });
  const saved = (next: AdminWebhookEndpoint) => {
    queryClient.setQueryData(['admin', 'webhook', endpoint.id], next);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
  };
  const failed = (error: unknown) =>
    setFailure(isApiError(error) ? error.detail : 'The change could not be made. Try again.');

  const toggle = useMutation({
    mutationFn: () => updateWebhook(api, endpoint.id, { enabled: !endpoint.enabled }),
    onSuccess: saved,
    onError: failed,
  });
  const roll = useMutation({
    mutationFn: () => rollWebhookSecret(api, endpoint.id),
    onSuccess: (answer: AdminWebhookEndpointWithSecret) => {
      setConfirm(null);
      setSecret(answer.secret);
      saved(answer.endpoint);
    },
    onError: (error) => {
      setConfirm(null);
      failed(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(api, endpoint.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
      void navigate(PAGE_ROUTES.adminWebhooks);
    },
    onError: (error) => {
      setConfirm(null);
      failed(error);
    },
  });

  return (
    <Stack gap="md">
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <WebhookEndpointStatusBadge endpoint={endpoint} />
          <Anchor component={Link} to={PAGE_ROUTES.adminWebhooks} size="sm">
            All endpoints
          </Anchor>
        </Group>
        {mayManage && (
          <Group gap="xs">
            <Button variant="default" size="xs" loading={toggle.isPending} onClick={() => toggle.mutate()}>
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="default" size="xs" onClick={() => setConfirm('roll')}>
              Roll the secret
            </Button>
            <Button variant="light" color="red" size="xs" onClick={() => setConfirm('delete')}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {secret && <WebhookSecretNotice secret={secret} onDone={() => setSecret(null)} />}
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}

      <Section
        title="Endpoint"
        actions={
          mayManage && !editing ? (
            <Button variant="subtle" size="xs" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : undefined
        }
      >
        {editing ? (
          <WebhookEndpointForm
            initial={{
              url: endpoint.url,
              description: endpoint.description,
              events: endpoint.events,
              enabled: endpoint.enabled,
            }}
            submitLabel="Save"
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              saved(await updateWebhook(api, endpoint.id, values));
              setEditing(false);
            }}
          />
        ) : (
          <Stack gap="sm">
            <Facts
              items={[
                ['URL', <Code key="url">{endpoint.url}</Code>],
                ['Description', endpoint.description || '—'],
                ['Signing secret', `whsec_…${endpoint.secret_hint}`],
                [
                  'Previous secret',
                  endpoint.previous_secret_expires_at
                    ? `Still signs until ${adminDateTime(endpoint.previous_secret_expires_at)}`
                    : '—',
                ],
                ['Registered', adminDateTime(endpoint.created_at)],
                ['Waiting deliveries', String(endpoint.pending)],
              ]}
            />
            <div>
              <Text size="xs" c="dimmed" mb={4}>
                Events
              </Text>
              <Group gap={4}>
                {endpoint.events.map((type) => (
                  <Badge key={type} variant="outline" color="gray" tt="none" size="sm">
                    {type}
                  </Badge>
                ))}
              </Group>
            </div>
          </Stack>
        )}
      </Section>

      <Section
        title="Deliveries"
        actions={
          <Button variant="subtle" size="xs" onClick={() => void refresh()}>
            Refresh
          </Button>
        }
      >
        <Deliveries endpoint={endpoint} mayResend={mayManage} />
      </Section>

      <Section title="History">
        <AdminAuditTrail objectType="webhook_endpoint" objectId={endpoint.id} />
      </Section>

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'delete' ? 'Delete this endpoint?' : 'Roll the signing secret?'}
      >
        <Stack gap="sm">
          <Text size="sm">
            {confirm === 'delete'
              ? 'It receives nothing more, and its deliveries (waiting ones too) are deleted with it. The history keeps who deleted it.'
              : 'A new secret signs every delivery from now on; the current one also signs for the next 24 hours, so the receiver can switch over.'}
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Keep it
            </Button>
            {confirm === 'delete' ? (
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                Delete the endpoint
              </Button>
            ) : (
              <Button loading={roll.isPending} onClick={() => roll.mutate()}>
                Roll the secret
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const ANY = 'any';
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...WEBHOOK_DELIVERY_STATUSES.map((status) => ({
    value: status,
    label: WEBHOOK_DELIVERY_STATUS_LABELS[status],
  })),
];
const EVENT_OPTIONS = [
  { value: ANY, label: 'Any event' },
  ...WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type })),
];

function Deliveries({ endpoint, mayResend }: { endpoint: AdminWebhookEndpoint; mayResend: boolean }) {
  const api = useApiClient();
  const list = useAdminListParams();
  const params: Record<string, string> = Object.fromEntries(
    (['status', 'event_type', 'page'] as const).flatMap((key) =>
      list.get(key) ? [[key, list.get(key)]] : [],
    ),
  );
  const deliveries = useQuery({
    ...adminWebhookDeliveriesQuery(api, endpoint.id, params),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="sm">
      <Group gap="xs" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={list.get('status') || ANY}
          allowDeselect={false}
          onChange={(value) => list.update({ status: value === ANY ? null : value })}
          miw={150}
        />
        <Select
          label="Event"
          data={EVENT_OPTIONS}
          value={list.get('event_type') || ANY}
          allowDeselect={false}
          onChange={(value) => list.update({ event_type: value === ANY ? null : value })}
          miw={180}
        />
      </Group>
      {!endpoint.enabled && endpoint.pending > 0 && (
        <Text size="sm" c="dimmed">
          The endpoint is disabled: its waiting deliveries are sent once it is enabled again.
        </Text>
      )}
      <AdminListResults
        query={deliveries}
        what="the deliveries"
        empty={
          <Text c="dimmed">
            No delivery yet: events the endpoint subscribes to appear here as they happen.
          </Text>
        }
      >
        {(rows) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deliveries">
            {rows.map((row) => (
              <DeliveryRow key={row.id} delivery={row} mayResend={mayResend} />
            ))}
          </Stack>
        )}
      </AdminListResults>
    </Stack>
  );
}

function attemptSummary(attempt: AdminWebhookAttempt | null): string {
  if (!attempt) return 'Not tried yet';
  const answer =
    attempt.response_status !== null
      ? `HTTP ${attempt.response_status}`
      : (attempt.error ?? (attempt.duration_ms === null ? 'In flight' : 'No answer'));
  return attempt.duration_ms === null ? answer : `${answer} in ${attempt.duration_ms} ms`;
}

function DeliveryRow({ delivery, mayResend }: { delivery: AdminWebhookDelivery; mayResend: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = `delivery-${delivery.id}-details`;
  return (
    <Paper withBorder component="li" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {delivery.event.type}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              #{delivery.id} · {delivery.event.id} · {adminDateTime(delivery.created_at)}
              {delivery.resend_of !== null ? ` · re-send of #${delivery.resend_of}` : ''}
            </Text>
          </Stack>
          <WebhookDeliveryBadge status={delivery.status} attempts={delivery.attempts} />
        </Group>
        <Text size="xs">
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'} · last:{' '}
          {attemptSummary(delivery.last_attempt)}
          {delivery.next_attempt_at ? ` · next ${adminDateTime(delivery.next_attempt_at)}` : ''}
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-xs"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide the details' : 'Show the details'}
          </Button>
          {mayResend && <ResendButton delivery={delivery} />}
        </Group>
        {open && (
          <div id={detailsId}>
            <DeliveryDetails deliveryId={delivery.id} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function ResendButton({ delivery }: { delivery: AdminWebhookDelivery }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendWebhookDelivery(api, delivery.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'webhook', delivery.endpoint_id] }),
  });
  return (
    <>
      <Button variant="light" size="compact-xs" loading={resend.isPending} onClick={() => resend.mutate()}>
        {delivery.status === 'pending' ? 'Send now' : 'Resend'}
      </Button>
      {resend.isSuccess && (
        <Text size="xs" c="green" role="status">
          {resend.data.id === delivery.id ? 'Due now.' : `Queued as delivery #${resend.data.id}.`}
        </Text>
      )}
      {resend.isError && (
        <Text size="xs" c="red" role="alert">
          {isApiError(resend.error) ? resend.error.detail : 'It could not be re-sent.'}
        </Text>
      )}
    </>
  );
}

/** Pretty-printed JSON when the text is JSON, else the text. */
const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

function DeliveryDetails({ deliveryId }: { deliveryId: number }) {
  const api = useApiClient();
  const detail = useQuery(adminWebhookDeliveryQuery(api, deliveryId));
  if (detail.isPending) return <PageLoader label="Loading the delivery" />;
  if (detail.isError) {
    return (
      <LoadErrorAlert message="The delivery could not be loaded." onRetry={() => void detail.refetch()} />
    );
  }
  const { request, attempts_list: attempts } = detail.data;
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" c="dimmed" mb={4}>
          Request: POST {request.url}
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {Object.entries(request.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}
        </Code>
      </div>
      <div>
        <Text size="xs" c="dimmed" mb={4}>
          Body
        </Text>
        <Code
          block
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}
        >
          {pretty(request.body)}
        </Code>
      </div>
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          Attempts
        </Text>
        {attempts.length === 0 && <Text size="sm">Not tried yet.</Text>}
        {attempts.map((attempt) => (
          <Paper key={attempt.number} withBorder p="xs" bg="gray.0">
            <Text size="sm" fw={600}>
              #{attempt.number} · {adminDateTime(attempt.started_at)} · {attemptSummary(attempt)}
            </Text>
            {attempt.response_body !== null && attempt.response_body !== '' && (
              <Code
                block
                mt={4}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflow: 'auto' }}
              >
                {attempt.response_body}
              </Code>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
