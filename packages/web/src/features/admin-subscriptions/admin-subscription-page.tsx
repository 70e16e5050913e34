import {
  ADMIN_SUBSCRIPTION_INTERVAL_LABELS,
  PAGE_ROUTES,
  STAFF_EXTENSION_DAYS_MAX,
  type AdminSubscriptionCharge,
  type AdminSubscriptionDetail,
  type AdminSubscriptionInvoice,
  type AdminSubscriptionMail,
} from '@lectern/domain';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';
import { adminDate, adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { SubscriptionStatusBadge } from './admin-subscriptions-page';
import { adminSubscriptionQuery } from './admin-subscriptions-api';
import { SubscriptionActionButton } from './subscription-action-dialog';

/** `/admin/subscriptions/:id/`: one plan, its billing, and what staff may do to it. */
export function AdminSubscriptionPage() {
  const id = Number(useParams().id);
  return (
    <AdminLayout title={`Subscription LSC-${Number.isSafeInteger(id) ? id : '?'}`}>
      <Anchor component={Link} to={PAGE_ROUTES.adminSubscriptions} size="sm">
        ← All subscriptions
      </Anchor>
      {Number.isSafeInteger(id) && id > 0 ? (
        <SubscriptionDetail id={id} />
      ) : (
        <Text>There is no subscription with this id.</Text>
      )}
    </AdminLayout>
  );
}

function SubscriptionDetail({ id }: { id: number }) {
  const api = useApiClient();
  const query = useQuery(adminSubscriptionQuery(api, id));
  const [message, setMessage] = useState<string | null>(null);
  if (query.isPending) return <PageLoader label="Loading the subscription" />;
  if (query.isError) {
    return (
      <LoadErrorAlert message="The subscription could not be loaded." onRetry={() => void query.refetch()} />
    );
  }
  const plan = query.data;
  return (
    <Stack gap="lg" mt="sm">
      {message && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMessage(null)}
        >
          {message}
        </Alert>
      )}
      <Summary plan={plan} />
      <Actions plan={plan} onDone={setMessage} />
      {plan.dunning && <Dunning plan={plan} onDone={setMessage} />}
      <Section title="Invoices">
        <Invoices invoices={plan.invoices} />
      </Section>
      <Section title="Charges, attempts and credits">
        <Charges plan={plan} onDone={setMessage} />
      </Section>
      <Section title={`Members (${plan.used_licenses} of ${plan.licenses} licenses used)`}>
        <Members plan={plan} />
      </Section>
      {plan.retention_offer && (
        <Section title="Retention offer">
          <Text size="sm">
            {plan.retention_offer.percent_off}% off for {plan.retention_offer.periods} period
            {plan.retention_offer.periods === 1 ? '' : 's'} ({adminDate(plan.retention_offer.starts_at)} to{' '}
            {adminDate(plan.retention_offer.ends_at)}): {adminMoney(plan.retention_offer.discounted)} instead
            of {adminMoney(plan.retention_offer.regular)}. Accepted{' '}
            {adminDateTime(plan.retention_offer.accepted_at)}.
          </Text>
        </Section>
      )}
      <Section title="Mails about this plan">
        <Mails mails={plan.mails} empty="No mails were sent about this plan." />
      </Section>
      <Section title="Audit trail">
        <AdminAuditTrail objectType="subscription" objectId={plan.id} />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Summary({ plan }: { plan: AdminSubscriptionDetail }) {
  const card = plan.billing.card;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
        <Group gap="xs">
          <SubscriptionStatusBadge status={plan.status} />
          <Text fw={700}>
            {plan.plan.name} · {ADMIN_SUBSCRIPTION_INTERVAL_LABELS[plan.interval.type]}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {plan.reference}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Fact label={plan.subscriber.type === 'organization' ? 'Organization' : 'Learner'}>
          {plan.subscriber_detail.name || '—'}
          {plan.subscriber_detail.owner && (
            <Text size="xs" c="dimmed">
              Owner {plan.subscriber_detail.owner.email}
            </Text>
          )}
          {plan.subscriber.type === 'user' && plan.subscriber.email && (
            <Text size="xs" c="dimmed">
              {plan.subscriber.email}
            </Text>
          )}
        </Fact>
        <Fact label="Licenses">
          {plan.licenses} ({plan.used_licenses} used)
        </Fact>
        <Fact label="Current period">
          {adminDate(plan.period.start)} – {adminDate(plan.period.end)} ({plan.period.days} days)
        </Fact>
        {plan.period.trial_end && <Fact label="Trial ends">{adminDateTime(plan.period.trial_end)}</Fact>}
        {plan.period.cancel_date && (
          <Fact label="Cancelled on">{adminDateTime(plan.period.cancel_date)}</Fact>
        )}
        <Fact label="Next charge">
          {adminMoney(plan.next_charge)} (tax {adminMoney(plan.next_charge_tax)}, {plan.tax_rate_percent}%)
        </Fact>
        <Fact label="Price per license">{adminMoney(plan.unit_price)}</Fact>
        <Fact label="Billing">
          {plan.billing.customer_name ?? '—'}
          {plan.billing.country ? `, ${plan.billing.country}` : ''}
          {plan.billing.tax_number ? ` · ${plan.billing.tax_number}` : ''}
        </Fact>
        <Fact label="Card on file">
          {card
            ? `${card.brand ?? 'Card'} ****${card.last4 ?? ''} (${card.exp_month}/${card.exp_year})`
            : 'None'}
        </Fact>
        <Fact label="Started">{adminDateTime(plan.created_at)}</Fact>
      </SimpleGrid>
    </Card>
  );
}

function Actions({ plan, onDone }: { plan: AdminSubscriptionDetail; onDone: (message: string) => void }) {
  const mayManage = useStaffMay('subscriptions.manage');
  if (!mayManage) return null;
  const { actions } = plan;
  const any =
    actions.cancel_at_period_end ||
    actions.cancel_now ||
    actions.reactivate ||
    actions.extend ||
    actions.change_licenses;
  if (!any) return null;
  const common = { subscription: plan, onDone };
  return (
    <Section title="Actions">
      <Group gap="sm" wrap="wrap">
        {(actions.cancel_at_period_end || actions.cancel_now) && (
          <SubscriptionActionButton
            {...common}
            label="Cancel…"
            title={`Cancel ${plan.reference}`}
            color="red"
            confirmLabel="Cancel the plan"
            explanation="At the period end the plan keeps running until then and does not renew. Now ends it at once (an unpaid invoice is voided); nothing is refunded: refund a charge separately."
            input={{
              kind: 'choice',
              label: 'When',
              initial: actions.cancel_at_period_end ? 'period_end' : 'now',
              options: [
                ...(actions.cancel_at_period_end
                  ? [{ value: 'period_end', label: `At the period end (${adminDate(plan.period.end)})` }]
                  : []),
                { value: 'now', label: 'Now' },
              ],
            }}
            action={(reason, when) => ({
              kind: 'cancel',
              body: { when: when === 'now' ? 'now' : 'period_end', reason },
            })}
          />
        )}
        {actions.reactivate && (
          <SubscriptionActionButton
            {...common}
            label="Reactivate…"
            title={`Reactivate ${plan.reference}`}
            confirmLabel="Reactivate"
            explanation={`The plan renews again on ${adminDate(plan.period.end)}; nothing is charged today.`}
            action={(reason) => ({ kind: 'reactivate', body: { reason } })}
          />
        )}
        {actions.extend && (
          <SubscriptionActionButton
            {...common}
            label={plan.status === 'trial' ? 'Extend trial…' : 'Extend period…'}
            title={`Extend ${plan.reference}`}
            confirmLabel="Extend"
            explanation={
              plan.status === 'trial'
                ? 'The trial and the first charge move by this many days.'
                : 'The period and the next charge move by this many days; the days given are documented by a credit note against the period’s invoice.'
            }
            input={{ kind: 'number', label: 'Days', min: 1, max: STAFF_EXTENSION_DAYS_MAX, initial: 7 }}
            action={(reason, days) => ({
              kind: 'extend',
              body: { days: Number(days), expected_period_end: plan.period.end, reason },
            })}
          />
        )}
        {actions.change_licenses && (
          <SubscriptionActionButton
            {...common}
            label="Change licenses…"
            title={`Change the licenses of ${plan.reference}`}
            confirmLabel="Change licenses"
            explanation="The new count applies now and at the next renewal; nothing is charged or refunded today."
            input={{
              kind: 'number',
              label: 'Licenses',
              min: Math.max(plan.license_bounds?.minimum ?? 1, plan.used_licenses),
              max: plan.license_bounds?.maximum ?? 100_000,
              initial: plan.licenses,
              description: `${plan.used_licenses} in use`,
            }}
            action={(reason, licenses) => ({
              kind: 'licenses',
              body: { licenses: Number(licenses), reason },
            })}
          />
        )}
      </Group>
    </Section>
  );
}

function Dunning({ plan, onDone }: { plan: AdminSubscriptionDetail; onDone: (message: string) => void }) {
  const mayBill = useStaffMay('subscriptions.billing');
  const dunning = plan.dunning!;
  const invoice = plan.invoices.find((candidate) => candidate.id === dunning.invoice_id);
  return (
    <Card withBorder padding="md" style={{ borderColor: 'var(--mantine-color-red-4)' }} component="section">
      <Title order={2} size="h4" mb="xs">
        Payment being collected
      </Title>
      <Text size="sm">
        Invoice #{dunning.invoice_id} {invoice ? `(${adminMoney(invoice.amount)})` : ''} was due{' '}
        {adminDateTime(dunning.due_at)}: {dunning.attempts} attempt{dunning.attempts === 1 ? '' : 's'} so far
        {invoice?.failure_message ? `, last declined: “${invoice.failure_message}”` : ''}.
        {dunning.status === 'action_required' && ' The bank wants the customer to authenticate it.'}
      </Text>
      <Text size="sm" mt={4}>
        Next automatic attempt:{' '}
        {dunning.next_attempt_at
          ? adminDateTime(dunning.next_attempt_at)
          : 'none (the plan ends after the last)'}
      </Text>
      <Stack gap={2} mt="xs" component="ol" style={{ paddingLeft: '1.2rem', margin: 0 }}>
        {dunning.schedule.map((step) => (
          <Text key={step.retry} size="sm" component="li" c={step.done ? 'dimmed' : undefined}>
            Retry {step.retry}: {adminDateTime(step.at)} {step.done ? '(passed)' : ''}
          </Text>
        ))}
      </Stack>
      <Text size="sm" fw={600} mt="sm">
        Dunning mails
      </Text>
      <Mails mails={dunning.mails} empty="No dunning mail was sent yet." />
      {mayBill && invoice && (
        <Group gap="sm" mt="sm" wrap="wrap">
          <SubscriptionActionButton
            subscription={plan}
            onDone={onDone}
            variant="filled"
            label="Retry now…"
            title={`Retry invoice #${invoice.id} now`}
            confirmLabel="Charge the card now"
            explanation={`The card on file is charged ${adminMoney(invoice.amount)} once, now. The automatic schedule stays as it is.`}
            action={(reason) => ({
              kind: 'retry',
              invoiceId: invoice.id,
              body: { expected_attempts: invoice.attempts, reason },
            })}
          />
          <SubscriptionActionButton
            subscription={plan}
            onDone={onDone}
            color="red"
            label="Mark uncollectible…"
            title={`Mark invoice #${invoice.id} uncollectible`}
            confirmLabel="Mark uncollectible"
            explanation="No more attempts are made and the plan ends now, as when the last retry fails."
            action={(reason) => ({ kind: 'uncollectible', invoiceId: invoice.id, body: { reason } })}
          />
        </Group>
      )}
    </Card>
  );
}

const INVOICE_COLORS: Record<string, string> = {
  paid: 'green',
  open: 'red',
  action_required: 'orange',
  void: 'gray',
  uncollectible: 'gray',
};

function Invoices({ invoices }: { invoices: AdminSubscriptionInvoice[] }) {
  if (invoices.length === 0) return <Text size="sm">No renewal invoices yet.</Text>;
  return (
    <Stack gap="xs">
      {invoices.map((invoice) => (
        <Card key={invoice.id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              Invoice #{invoice.id} · {invoice.kind === 'first_period' ? 'First period' : 'Renewal'}
            </Text>
            <Badge variant="light" color={INVOICE_COLORS[invoice.status] ?? 'gray'}>
              {invoice.status.replace('_', ' ')}
            </Badge>
          </Group>
          <Text size="sm">
            {adminDate(invoice.period_start)} – {adminDate(invoice.period_end)} · {invoice.licenses} licenses
            · {adminMoney(invoice.amount)} (tax {adminMoney(invoice.tax)})
          </Text>
          <Text size="xs" c="dimmed">
            {invoice.attempts} attempt{invoice.attempts === 1 ? '' : 's'}
            {invoice.charging ? ', one at the provider now' : ''}
            {invoice.next_attempt_at ? ` · next ${adminDateTime(invoice.next_attempt_at)}` : ''}
            {invoice.failure_message
              ? ` · last: “${invoice.failure_message}” (${invoice.failure_code ?? 'no code'})`
              : ''}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

const CHARGE_KINDS: Record<string, string> = {
  first_period: 'First period',
  renewal: 'Renewal',
  proration: 'Added licenses',
  refund: 'Refund',
  extension_credit: 'Extension credit',
};

function Charges({ plan, onDone }: { plan: AdminSubscriptionDetail; onDone: (message: string) => void }) {
  const mayRefund = useStaffMay('orders.refund');
  if (plan.charges.length === 0) return <Text size="sm">Nothing was charged yet.</Text>;
  return (
    <Stack gap="xs">
      {plan.charges.map((charge) => (
        <Card key={charge.id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              {CHARGE_KINDS[charge.kind] ?? charge.kind} · {adminMoney(charge.amount)}
            </Text>
            <ChargeStatus charge={charge} />
          </Group>
          <Text size="sm">
            {adminDateTime(charge.created_at)} · {adminDate(charge.period_start)} –{' '}
            {adminDate(charge.period_end)}
            {charge.card.last4 ? ` · ${charge.card.brand ?? 'card'} ****${charge.card.last4}` : ''}
          </Text>
          {charge.failure_message && (
            <Text size="sm" c="red">
              Provider: “{charge.failure_message}” ({charge.failure_code ?? 'no code'})
            </Text>
          )}
          <Group gap="sm" mt={4} wrap="wrap">
            {charge.document && (
              <Anchor href={charge.document.url} target="_blank" size="sm">
                {charge.document.kind === 'invoice' ? 'Invoice' : 'Credit note'}{' '}
                {charge.document.number ?? '(issued when opened)'}
              </Anchor>
            )}
            {charge.refunded && charge.refunded.amount > 0 && (
              <Text size="xs" c="dimmed">
                Refunded {adminMoney(charge.refunded)}
              </Text>
            )}
            {mayRefund && charge.refundable && <RefundButton plan={plan} charge={charge} onDone={onDone} />}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function ChargeStatus({ charge }: { charge: AdminSubscriptionCharge }) {
  const [label, color] =
    charge.status === 'succeeded'
      ? ['Paid', 'green']
      : charge.status === 'failed'
        ? ['Declined', 'red']
        : charge.status === 'refunded'
          ? ['Refunded', 'gray']
          : charge.status === 'refund_pending'
            ? ['Refund pending', 'blue']
            : charge.status === 'refund_failed'
              ? ['Refund failed', 'red']
              : ['Credited', 'gray'];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}

function RefundButton({
  plan,
  charge,
  onDone,
}: {
  plan: AdminSubscriptionDetail;
  charge: AdminSubscriptionCharge;
  onDone: (message: string) => void;
}) {
  const refundable = charge.refundable!;
  return (
    <SubscriptionActionButton
      subscription={plan}
      onDone={onDone}
      variant="subtle"
      color="red"
      label="Refund…"
      title={`Refund charge #${charge.id}`}
      confirmLabel="Refund"
      explanation="The money goes back to the card through the payment provider, with a credit note. The plan itself is not changed: cancel it separately if it should end."
      input={{
        kind: 'choice',
        label: 'How much',
        initial: 'prorated',
        options: [
          {
            value: 'prorated',
            label: `The days left: ${adminMoney(refundable.prorated)} (${refundable.remaining_days} of ${refundable.period_days} days)`,
          },
          { value: 'whole', label: `The whole charge: ${adminMoney(refundable.whole)}` },
        ],
      }}
      action={(reason, mode) => ({
        kind: 'refund',
        chargeId: charge.id,
        body: { mode: mode === 'whole' ? 'whole' : 'prorated', reason },
      })}
    />
  );
}

function Members({ plan }: { plan: AdminSubscriptionDetail }) {
  if (plan.members.length === 0) return <Text size="sm">No members.</Text>;
  return (
    <>
      <Stack gap={4} hiddenFrom="sm">
        {plan.members.map((member) => (
          <Text key={member.user_id} size="sm">
            {member.email} · {member.role.replace('_', ' ')}
          </Text>
        ))}
      </Stack>
      <Table visibleFrom="sm" striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.members.map((member) => (
            <Table.Tr key={member.user_id}>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{member.name || '—'}</Table.Td>
              <Table.Td>{member.role.replace('_', ' ')}</Table.Td>
              <Table.Td>{adminDate(member.joined_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

function Mails({ mails, empty }: { mails: AdminSubscriptionMail[]; empty: string }) {
  if (mails.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Stack gap={4}>
      {mails.map((mail, index) => (
        <Text key={`${mail.kind}-${mail.recipient}-${index}`} size="sm">
          {adminDateTime(mail.created_at)} · <strong>{mail.subject}</strong> to {mail.recipient} (
          {mail.status})
        </Text>
      ))}
    </Stack>
  );
}
