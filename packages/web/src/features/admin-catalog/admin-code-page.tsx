import {
  CODE_SCOPE_LABELS,
  isDatabaseIdText,
  money,
  PAGE_ROUTES,
  type AdminCodeDetail,
} from '@lectern/domain';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { adminOrderPath } from '../admin-orders/admin-orders-api';
import { CodeStatusBadge } from './admin-catalog-badges';
import { adminCodeQuery, adminCoursePath, campaignCsvHref, deactivateCode } from './admin-catalog-api';
import { discountText } from './admin-codes-page';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';

/** `/admin/codes/:id/`: a code's terms, its uses with their buyers and orders, and deactivation. */
export function AdminCodePage() {
  const { id = '' } = useParams();
  if (!isDatabaseIdText(id)) {
    return (
      <AdminLayout title="Discount code">
        <Text>There is no such code.</Text>
      </AdminLayout>
    );
  }
  return <CodeDetail codeId={Number(id)} />;
}

function CodeDetail({ codeId }: { codeId: number }) {
  const api = useApiClient();
  const [search] = useSearchParams();
  const usagePage = Math.max(1, Math.floor(Number(search.get('usage_page'))) || 1);
  const code = useQuery(adminCodeQuery(api, codeId, usagePage));
  if (code.isPending) {
    return (
      <AdminLayout title="Discount code">
        <PageLoader label="Loading the code" />
      </AdminLayout>
    );
  }
  if (code.isError) {
    return (
      <AdminLayout title="Discount code">
        {isApiError(code.error) && code.error.statusCode === 404 ? (
          <Text>There is no such code.</Text>
        ) : (
          <LoadErrorAlert message="The code could not be loaded." onRetry={() => void code.refetch()} />
        )}
      </AdminLayout>
    );
  }
  return (
    <AdminLayout
      title={code.data.code}
      subtitle={<CodeStatusBadge status={code.data.status} />}
      actions={<DeactivateButton code={code.data} />}
    >
      <Stack gap="lg">
        <Anchor component={Link} to={PAGE_ROUTES.adminCodes} size="sm">
          ← All codes
        </Anchor>
        <Terms code={code.data} />
        <Usage code={code.data} page={usagePage} />
        <Stack gap="xs">
          <Title order={2} size="h4">
            History
          </Title>
          <AdminAuditTrail objectType="code" objectId={code.data.id} />
        </Stack>
      </Stack>
    </AdminLayout>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

function Terms({ code }: { code: AdminCodeDetail }) {
  const mayDownload = useStaffMay('codes.write');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="section" aria-label="Terms">
      <Fact label="Discount">{discountText(code)}</Fact>
      <Fact label="Applies to">
        {code.scope === 'category' ? (
          `${code.category?.title ?? 'A category'} (and its subcategories)`
        ) : code.scope === 'courses' ? (
          <Stack gap={2}>
            {code.courses.map((course) => (
              <Anchor key={course.id} component={Link} to={adminCoursePath(course.id)} size="sm">
                {course.title}
              </Anchor>
            ))}
          </Stack>
        ) : (
          CODE_SCOPE_LABELS.all
        )}
      </Fact>
      <Fact label="Uses">
        {code.uses} paid
        {code.usage_limit !== null && ` of ${code.usage_limit}`}
        {code.reserved > 0 && `, ${code.reserved} held by open checkouts`}
        {code.per_buyer_limit !== null && ` · ${code.per_buyer_limit} per buyer`}
      </Fact>
      <Fact label="Valid">
        {code.starts_at ? adminDateTime(code.starts_at) : 'From its creation'} –{' '}
        {code.ends_at ? adminDateTime(code.ends_at) : 'no end'}
      </Fact>
      <Fact label="Made">
        {adminDateTime(code.created_at)}
        {code.created_by && ` by ${code.created_by.email}`}
      </Fact>
      {code.campaign && (
        <Fact label="Campaign">
          <Group gap="xs">
            <Anchor
              component={Link}
              to={`${PAGE_ROUTES.adminCodes}?campaign=${encodeURIComponent(code.campaign)}`}
            >
              {code.campaign}
            </Anchor>
            {mayDownload && (
              <Anchor href={campaignCsvHref(code.campaign)} download size="sm">
                CSV
              </Anchor>
            )}
          </Group>
        </Fact>
      )}
      {code.description && <Fact label="Description">{code.description}</Fact>}
      {code.is_public && (
        <Fact label="Offered">
          <Badge variant="light">In every cart</Badge>
        </Fact>
      )}
      {code.deactivated_at && <Fact label="Deactivated">{adminDateTime(code.deactivated_at)}</Fact>}
    </SimpleGrid>
  );
}

const USE_LABELS = { reserved: 'Held by a checkout', consumed: 'Paid', released: 'Given back' } as const;

function Usage({ code, page }: { code: AdminCodeDetail; page: number }) {
  const pageCount = Math.max(1, Math.ceil(code.usage.count / 25));
  return (
    <Stack gap="xs" component="section" aria-labelledby="usage-heading">
      <Title order={2} size="h4" id="usage-heading">
        Uses
      </Title>
      {code.usage.results.length === 0 ? (
        <Text c="dimmed">Nobody has used this code yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Caption>Each checkout that used the code, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Buyer</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Order</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {code.usage.results.map((use) => (
                <Table.Tr key={use.id}>
                  <Table.Td>{adminDateTime(use.created_at)}</Table.Td>
                  <Table.Td>{use.buyer?.email ?? '—'}</Table.Td>
                  <Table.Td>{USE_LABELS[use.status]}</Table.Td>
                  <Table.Td>
                    {use.order ? (
                      <Anchor component={Link} to={adminOrderPath(use.order.id)}>
                        #{use.order.id} ·{' '}
                        {adminMoney(money(use.order.total.amount, use.order.total.currency))}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Group gap="xs">
          {page > 1 && (
            <Button component={Link} to={`?usage_page=${page - 1}`} variant="default" size="xs">
              Newer uses
            </Button>
          )}
          <Text size="sm">
            Page {page} of {pageCount}
          </Text>
          {page < pageCount && (
            <Button component={Link} to={`?usage_page=${page + 1}`} variant="default" size="xs">
              Older uses
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function DeactivateButton({ code }: { code: AdminCodeDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const mayWrite = useStaffMay('codes.write');
  const [opened, setOpened] = useState(false);
  const deactivate = useMutation({
    mutationFn: () => deactivateCode(api, code.id),
    onSuccess: async () => {
      setOpened(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'code', code.id] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'codes'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit', 'code', String(code.id)] }),
      ]);
    },
  });
  if (!mayWrite || code.status === 'deactivated') return null;
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Deactivate
      </Button>
      <ConfirmActionModal
        opened={opened}
        title={`Deactivate ${code.code}?`}
        error={
          deactivate.isError
            ? isApiError(deactivate.error)
              ? deactivate.error.detail
              : 'It could not be deactivated.'
            : null
        }
        cancelLabel="Keep it active"
        confirmLabel="Deactivate"
        pending={deactivate.isPending}
        onConfirm={() => deactivate.mutate()}
        onClose={() => setOpened(false)}
      >
        <Text>
          The code stops applying at once, in carts and at checkout. Its {code.uses} paid uses stay as they
          are; checkouts already being paid keep their price.
        </Text>
      </ConfirmActionModal>
    </>
  );
}
