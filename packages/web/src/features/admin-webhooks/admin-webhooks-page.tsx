import type { AdminWebhookEndpoint, AdminWebhookEndpointWithSecret } from '@lectern/domain';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDateTime } from '../admin-shell/admin-format';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { adminWebhookPath, adminWebhooksQuery, createWebhook } from './admin-webhooks-api';
import { WebhookEndpointStatusBadge } from './webhook-badges';
import { NEW_ENDPOINT, WebhookEndpointForm } from './webhook-endpoint-form';
import { WebhookSecretNotice } from './webhook-secret-notice';

/**
 * `/admin/webhooks/`: the endpoints Lectern posts its events to, how each is doing, and (for
 * those who manage webhooks) a form to register one, whose signing secret is shown once.
 */
export function AdminWebhooksPage() {
  return (
    <AdminLayout
      title="Webhooks"
      subtitle="Endpoints that receive Lectern’s events (orders, refunds, plans, gifts, customers), signed and retried for three days."
    >
      <WebhooksView />
    </AdminLayout>
  );
}

function WebhooksView() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const mayManage = useStaffMay('webhooks.manage');
  const endpoints = useQuery(adminWebhooksQuery(api));
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<AdminWebhookEndpointWithSecret | null>(null);

  return (
    <Stack gap="md">
      {created && (
        <Stack gap="xs">
          <WebhookSecretNotice secret={created.secret} onDone={() => setCreated(null)} />
          <Anchor component={Link} to={adminWebhookPath(created.endpoint.id)} size="sm">
            Open the endpoint {created.endpoint.url}
          </Anchor>
        </Stack>
      )}
      {mayManage &&
        (adding ? (
          <Card withBorder component="section" aria-label="New endpoint" padding="md">
            <Title order={2} size="h4" mb="sm">
              New endpoint
            </Title>
            <WebhookEndpointForm
              initial={NEW_ENDPOINT}
              submitLabel="Add the endpoint"
              onCancel={() => setAdding(false)}
              onSubmit={async (values) => {
                const answer = await createWebhook(api, values);
                setCreated(answer);
                setAdding(false);
                await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
              }}
            />
          </Card>
        ) : (
          <Group>
            <Button onClick={() => setAdding(true)}>Add an endpoint</Button>
          </Group>
        ))}
      {endpoints.isPending ? (
        <PageLoader label="Loading the endpoints" />
      ) : endpoints.isError ? (
        <LoadErrorAlert
          message="The endpoints could not be loaded."
          onRetry={() => void endpoints.refetch()}
        />
      ) : endpoints.data.results.length === 0 ? (
        <Text c="dimmed">No endpoint is registered: nothing outside Lectern hears of its events yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Endpoints">
          {endpoints.data.results.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function EndpointCard({ endpoint }: { endpoint: AdminWebhookEndpoint }) {
  return (
    <Card withBorder component="li" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={adminWebhookPath(endpoint.id)}
            fw={700}
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {endpoint.url}
          </Anchor>
          <WebhookEndpointStatusBadge endpoint={endpoint} />
        </Group>
        {endpoint.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.description}
          </Text>
        )}
        <Group gap={4}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none" size="sm">
              {type}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {endpoint.last_delivery
            ? `Last delivery ${adminDateTime(endpoint.last_delivery.at)} (${endpoint.last_delivery.status})`
            : 'No delivery yet'}
          {endpoint.pending > 0 ? ` · ${endpoint.pending} waiting` : ''}
          {endpoint.failed_recently > 0 ? ` · ${endpoint.failed_recently} failed in the last 24 hours` : ''}
        </Text>
      </Stack>
    </Card>
  );
}
