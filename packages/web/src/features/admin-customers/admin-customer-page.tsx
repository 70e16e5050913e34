import {
  ADMIN_REASON_MAX_LENGTH,
  CURRENCY_CODES,
  isCurrencyCode,
  minorUnitExponent,
  money,
  PAGE_ROUTES,
  parseMajorUnits,
  STAFF_ROLE_LABELS,
  type AdminCustomerDetail,
  type CurrencyCode,
  type CustomerCreditChanged,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDate, adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import {
  adminCustomerQuery,
  anonymiseCustomer,
  changeCustomerCredit,
  revokeCustomerSessions,
} from './admin-customers-api';

const KIND_LABELS: Record<AdminCustomerDetail['credit']['entries'][number]['kind'], string> = {
  grant: 'Granted',
  spend: 'Spent',
  refund: 'Refund',
  adjustment: 'Removed by staff',
};
const failureText = (error: unknown, fallback: string) => (isApiError(error) ? error.detail : fallback);
const moneyOf = (amount: number, currency: string) =>
  isCurrencyCode(currency) ? adminMoney(money(amount, currency)) : `${amount} ${currency}`;

/**
 * `/admin/customers/:id/` (issue 32): one customer — profile, purchases, subscriptions,
 * organization, account credit, saved cards and sessions — and what staff may do for them:
 * grant or remove credit (credit.write), end every session and the anonymised delete
 * (customers.write). Their audit trail closes the page.
 */
export function AdminCustomerPage() {
  const { id = '' } = useParams();
  const customerId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  if (customerId === null) {
    return (
      <AdminLayout title="Customer">
        <NoSuchCustomer />
      </AdminLayout>
    );
  }
  return <CustomerPage id={customerId} />;
}

function NoSuchCustomer() {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>There is no customer with this id.</Text>
      <Anchor component={Link} to={PAGE_ROUTES.adminCustomers}>
        Back to the customers
      </Anchor>
    </Stack>
  );
}

function CustomerPage({ id }: { id: number }) {
  const api = useApiClient();
  const customer = useQuery(adminCustomerQuery(api, id));
  const [notice, setNotice] = useState<string | null>(null);
  const title = customer.data ? customer.data.profile.name || customer.data.profile.email : 'Customer';
  return (
    <AdminLayout
      title={title}
      subtitle={customer.data?.profile.email}
      actions={customer.data && <CustomerActions customer={customer.data} onDone={setNotice} />}
    >
      {customer.isPending ? (
        <PageLoader label="Loading the customer" />
      ) : customer.isError ? (
        isApiError(customer.error) && customer.error.statusCode === 404 ? (
          <NoSuchCustomer />
        ) : (
          <LoadErrorAlert
            message="The customer could not be loaded."
            onRetry={() => void customer.refetch()}
          />
        )
      ) : (
        <Stack gap="xl">
          {notice && (
            <Alert
              color="green"
              variant="light"
              role="status"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setNotice(null)}
            >
              {notice}
            </Alert>
          )}
          <CustomerDetail customer={customer.data} />
          <Section title="Audit trail" id="customer-audit">
            <AdminAuditTrail objectType="customer" objectId={id} />
          </Section>
        </Stack>
      )}
    </AdminLayout>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} m={0}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  const { profile, purchases, subscriptions, organizations, credit, saved_cards: cards } = customer;
  return (
    <>
      <Section title="Profile" id="customer-profile">
        {profile.anonymised_at && (
          <Alert color="gray" variant="light">
            This account was anonymised on {adminDateTime(profile.anonymised_at)}: its personal data is gone;
            its orders and invoices are kept.
          </Alert>
        )}
        <Facts
          facts={[
            ['E-mail', profile.email],
            ['Name', profile.name || '—'],
            ['Country', profile.country],
            ['Language and region', profile.locale],
            ['Time zone', profile.time_zone ?? '—'],
            ['Account made', adminDateTime(profile.created)],
            ['Customer id', String(profile.id)],
            [
              'Account',
              <Group gap={4} component="span" key="badges">
                {profile.guest && <Badge variant="light">Guest checkout, no password yet</Badge>}
                {profile.staff_role && (
                  <Badge variant="light" color="violet">
                    Staff: {STAFF_ROLE_LABELS[profile.staff_role]}
                  </Badge>
                )}
                {!profile.guest && !profile.staff_role && 'Customer'}
              </Group>,
            ],
          ]}
        />
      </Section>

      <Section title="Purchases" id="customer-purchases">
        {purchases.count === 0 ? (
          <Text c="dimmed">No purchases.</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={680}>
              <Table striped verticalSpacing="sm" data-testid="customer-orders">
                <Table.Caption>
                  {purchases.count > purchases.results.length
                    ? `The newest ${purchases.results.length} of ${purchases.count} orders`
                    : `${purchases.count} order${purchases.count === 1 ? '' : 's'}`}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Order</Table.Th>
                    <Table.Th scope="col">Placed</Table.Th>
                    <Table.Th scope="col">Courses</Table.Th>
                    <Table.Th scope="col">Paid with</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Total
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {purchases.results.map((order) => (
                    <Table.Tr key={order.id}>
                      <Table.Th scope="row">
                        <Anchor
                          component={Link}
                          to={PAGE_ROUTES.adminOrder.replace(':id', String(order.id))}
                          fw={700}
                        >
                          #{order.id}
                        </Anchor>
                      </Table.Th>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDateTime(order.completed)}</Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          {order.lines.map((line) => (
                            <Text size="sm" key={line.id}>
                              {line.course_title ?? `Course #${line.course_id}`}
                              {line.buyable_type === 'gift' ? ' (gift)' : ''} —{' '}
                              {moneyOf(line.price, order.currency)}
                              {line.coupon_code ? ` (code ${line.coupon_code})` : ''}
                            </Text>
                          ))}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        {order.payment_label}
                        {order.credit > 0 && (
                          <Text size="xs" c="dimmed">
                            {moneyOf(order.credit, order.currency)} of credit
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {moneyOf(order.total, order.currency)}
                        {order.tax > 0 && (
                          <Text size="xs" c="dimmed">
                            incl. {moneyOf(order.tax, order.currency)} tax
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Section title="Subscriptions" id="customer-subscriptions">
          {subscriptions.length === 0 ? (
            <Text c="dimmed">No subscription.</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {subscriptions.map((plan) => (
                <li key={plan.id}>
                  <Text fw={500}>
                    {plan.subscriber === 'user' ? 'Personal Plan' : 'Their organization’s Team Plan'} #
                    {plan.id}{' '}
                    <Badge variant="light" size="sm">
                      {plan.status}
                    </Badge>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {plan.licenses} license{plan.licenses === 1 ? '' : 's'} · current period ends{' '}
                    {adminDate(plan.current_period_end)}
                    {plan.cancel_date ? ` · cancelled ${adminDate(plan.cancel_date)}` : ''}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Organizations" id="customer-organizations">
          {organizations.length === 0 ? (
            <Text c="dimmed">Not in an organization.</Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {organizations.map((organization) => (
                <li key={organization.id}>
                  <Text>
                    {organization.name}{' '}
                    <Text span c="dimmed">
                      ({organization.role.replace('_', ' ')})
                    </Text>
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>

      <Section title="Account credit" id="customer-credit">
        <Text>
          Available:{' '}
          <strong>
            {credit.balances.length === 0
              ? 'none'
              : credit.balances.map((balance) => moneyOf(balance.amount, balance.currency)).join(' · ')}
          </strong>
        </Text>
        {credit.entries.length === 0 ? (
          <Text c="dimmed">No credit was ever granted or spent.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" data-testid="customer-credit-ledger">
              <Table.Caption>
                {credit.entry_count > credit.entries.length
                  ? `The newest ${credit.entries.length} of ${credit.entry_count} ledger entries`
                  : 'Credit ledger, newest first'}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                  <Table.Th scope="col">By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {credit.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDateTime(entry.created)}</Table.Td>
                    <Table.Td>
                      {KIND_LABELS[entry.kind]}
                      {entry.order_id && (
                        <Text size="xs">
                          <Anchor
                            component={Link}
                            to={PAGE_ROUTES.adminOrder.replace(':id', String(entry.order_id))}
                          >
                            Order #{entry.order_id}
                          </Anchor>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {moneyOf(entry.amount, entry.currency)}
                    </Table.Td>
                    <Table.Td>{entry.reason || '—'}</Table.Td>
                    <Table.Td>{entry.created_by ?? 'System'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Section title="Saved cards" id="customer-cards">
          {customer.saved_cards_error && (
            <Alert color="yellow" variant="light">
              {customer.saved_cards_error}
            </Alert>
          )}
          {cards.length === 0 ? (
            !customer.saved_cards_error && <Text c="dimmed">No saved card.</Text>
          ) : (
            <Stack
              gap={4}
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="customer-cards"
            >
              {cards.map((card, index) => (
                <li key={`${card.brand}-${card.last4}-${index}`}>
                  <Text>
                    {card.brand.charAt(0).toUpperCase() + card.brand.slice(1)} ending in {card.last4}
                    {card.exp_month && card.exp_year
                      ? `, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
                      : ''}{' '}
                    <Text span size="sm" c="dimmed">
                      (
                      {card.used_for === 'subscription'
                        ? 'charged by their Personal Plan'
                        : 'saved at checkout'}
                      )
                    </Text>
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Sessions" id="customer-sessions">
          <Text>
            {customer.active_sessions === 0
              ? 'Not signed in anywhere.'
              : `Signed in on ${customer.active_sessions} device${customer.active_sessions === 1 ? '' : 's'} or browser${customer.active_sessions === 1 ? '' : 's'}.`}
          </Text>
        </Section>
      </SimpleGrid>
    </>
  );
}

type Dialog = 'credit' | 'sessions' | 'anonymise' | null;

/** The page's actions, each offered only to roles that may do it (the server checks again). */
function CustomerActions({
  customer,
  onDone,
}: {
  customer: AdminCustomerDetail;
  onDone: (text: string) => void;
}) {
  const mayCredit = useStaffMay('credit.write');
  const mayWrite = useStaffMay('customers.write');
  const [dialog, setDialog] = useState<Dialog>(null);
  const anonymised = customer.profile.anonymised_at !== null;
  if (anonymised || (!mayCredit && !mayWrite)) return null;
  const close = () => setDialog(null);
  const done = (text: string) => {
    setDialog(null);
    onDone(text);
  };
  return (
    <>
      {mayCredit && (
        <Button variant="default" onClick={() => setDialog('credit')}>
          Grant or remove credit
        </Button>
      )}
      {mayWrite && (
        <Button
          variant="default"
          onClick={() => setDialog('sessions')}
          disabled={customer.active_sessions === 0}
        >
          End all sessions
        </Button>
      )}
      {mayWrite && (
        <Button color="red" variant="light" onClick={() => setDialog('anonymise')}>
          Anonymise
        </Button>
      )}
      {dialog === 'credit' && <CreditModal customer={customer} onClose={close} onDone={done} />}
      {dialog === 'sessions' && <SessionsModal customer={customer} onClose={close} onDone={done} />}
      {dialog === 'anonymise' && <AnonymiseModal customer={customer} onClose={close} onDone={done} />}
    </>
  );
}

interface DialogProps {
  customer: AdminCustomerDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}

function useRefreshCustomer(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'customer', id] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit-events'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] }),
    ]);
}

function CreditModal({ customer, onClose, onDone }: DialogProps) {
  const api = useApiClient();
  const refresh = useRefreshCustomer(customer.profile.id);
  const [action, setAction] = useState<'grant' | 'remove'>('grant');
  const [currency, setCurrency] = useState<CurrencyCode>(
    customer.credit.balances[0]?.currency ??
      (customer.purchases.results[0]?.currency as CurrencyCode | undefined) ??
      'USD',
  );
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);

  let minor: number | null = null;
  let amountError: string | null = null;
  try {
    minor = parseMajorUnits(amount, currency).amount;
    if (minor <= 0) amountError = 'The amount must be more than zero.';
  } catch {
    const decimals = minorUnitExponent(currency);
    amountError =
      decimals === 0
        ? `Enter a whole amount of ${currency}, such as 500.`
        : `Enter an amount such as 5.00 (at most ${decimals} decimals).`;
  }
  const reasonError =
    reason.trim() === '' ? 'Give a reason (the customer’s ledger and the audit log show it).' : null;
  const available = customer.credit.balances.find((balance) => balance.currency === currency)?.amount ?? 0;

  const change = useMutation({
    mutationFn: () =>
      changeCustomerCredit(api, customer.profile.id, {
        action,
        amount: minor ?? 0,
        currency,
        reason: reason.trim(),
      }),
    onSuccess: (answer: CustomerCreditChanged) => {
      const value = moneyOf(Math.abs(answer.entry.amount), answer.entry.currency);
      onDone(
        `${action === 'grant' ? 'Granted' : 'Removed'} ${value} of credit. Available now: ${moneyOf(answer.balance.amount, answer.balance.currency)}.`,
      );
    },
    onSettled: () => refresh(),
  });
  const serverErrors = isApiError(change.error) ? change.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (amountError || reasonError) return;
    change.mutate();
  };
  return (
    <Modal
      opened
      onClose={change.isPending ? () => {} : onClose}
      title="Grant or remove credit"
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <Stack gap="md" onSubmit={submit} renderRoot={(props) => <form {...props} noValidate />}>
        {change.isError && Object.keys(serverErrors).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {failureText(change.error, 'The credit could not be changed. Try again.')}
          </Alert>
        )}
        <Radio.Group
          label="What to do"
          value={action}
          onChange={(value) => setAction(value === 'remove' ? 'remove' : 'grant')}
        >
          <Group gap="md" mt={6}>
            <Radio value="grant" label="Grant credit" />
            <Radio value="remove" label="Remove credit" />
          </Group>
        </Radio.Group>
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={(checked && amountError) || serverErrors.amount?.[0]}
            data-autofocus
          />
          <Select
            label="Currency"
            data={CURRENCY_CODES}
            value={currency}
            onChange={(value) => value && isCurrencyCode(value) && setCurrency(value)}
            allowDeselect={false}
            searchable
            error={serverErrors.currency?.[0]}
          />
        </Group>
        {action === 'remove' && (
          <Text size="sm" c="dimmed">
            Available in {currency}: {moneyOf(available, currency)}. Credit cannot go below zero.
          </Text>
        )}
        <Textarea
          label="Reason"
          description="Shown in the customer’s credit history and the audit log."
          value={reason}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={(checked && reasonError) || serverErrors.reason?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending} color={action === 'remove' ? 'red' : undefined}>
            {action === 'grant' ? 'Grant credit' : 'Remove credit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SessionsModal({ customer, onClose, onDone }: DialogProps) {
  const api = useApiClient();
  const refresh = useRefreshCustomer(customer.profile.id);
  const revoke = useMutation({
    mutationFn: () => revokeCustomerSessions(api, customer.profile.id),
    onSuccess: (answer) =>
      onDone(
        `Ended ${answer.revoked} session${answer.revoked === 1 ? '' : 's'}: the customer signs in again.`,
      ),
    onSettled: () => refresh(),
  });
  return (
    <ConfirmActionModal
      opened
      title="End all sessions"
      cancelLabel="Cancel"
      confirmLabel="End all sessions"
      pending={revoke.isPending}
      error={revoke.isError ? failureText(revoke.error, 'The sessions could not be ended. Try again.') : null}
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
    >
      <Text>
        {customer.profile.email} is signed out on every device and browser at once, and must sign in again.
      </Text>
    </ConfirmActionModal>
  );
}

function AnonymiseModal({ customer, onClose, onDone }: DialogProps) {
  const api = useApiClient();
  const refresh = useRefreshCustomer(customer.profile.id);
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === customer.profile.email.toLowerCase();
  const anonymise = useMutation({
    mutationFn: () =>
      anonymiseCustomer(api, customer.profile.id, { reason: reason.trim(), confirm_email: typed.trim() }),
    onSuccess: (answer) =>
      onDone(
        `The account is anonymised${answer.cards_removed > 0 ? ` and ${answer.cards_removed} saved card${answer.cards_removed === 1 ? ' was' : 's were'} removed` : ''}. Its orders and invoices are kept.`,
      ),
    onSettled: () => refresh(),
  });
  const serverErrors = isApiError(anonymise.error) ? anonymise.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || reason.trim() === '') return;
    anonymise.mutate();
  };
  return (
    <Modal
      opened
      onClose={anonymise.isPending ? () => {} : onClose}
      title="Anonymise the account"
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <Stack gap="md" onSubmit={submit} renderRoot={(props) => <form {...props} noValidate />}>
        <Alert color="red" variant="light">
          This cannot be undone. The e-mail address, name and password are removed, every session ends and the
          saved cards are deleted at the payment provider. Orders, invoices and credit notes are kept, as the
          law asks.
        </Alert>
        {customer.profile.staff_role && (
          <Text c="red" size="sm">
            This person is on the staff: remove them from the staff first.
          </Text>
        )}
        {anonymise.isError && Object.keys(serverErrors).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {failureText(anonymise.error, 'The account could not be anonymised. Try again.')}
          </Alert>
        )}
        <Textarea
          label="Reason"
          description="For the audit log, e.g. “Erasure request by e-mail of 3 March”."
          value={reason}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={serverErrors.reason?.[0]}
          data-autofocus
        />
        <TextInput
          label={`Type ${customer.profile.email} to confirm`}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={serverErrors.confirm_email?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={anonymise.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="red"
            loading={anonymise.isPending}
            disabled={!matches || reason.trim() === ''}
          >
            Anonymise the account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
