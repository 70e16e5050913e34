import { type AdminCustomerDetail } from '@lectern/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { adminDate } from '../admin-shell/admin-format';
import { CustomerSection } from './customer-section';

/** The customer's Personal and Team Plan subscriptions, with status and period. */
export function CustomerSubscriptionsSection({ customer }: { customer: AdminCustomerDetail }) {
  const { subscriptions } = customer;
  return (
    <CustomerSection title="Subscriptions" id="customer-subscriptions">
      {subscriptions.length === 0 ? (
        <Text c="dimmed">No subscription.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {subscriptions.map((plan) => (
            <li key={plan.id}>
              <Text fw={500}>
                {plan.subscriber === 'user' ? 'Personal Plan' : 'Their organization’s Team Plan'} #{plan.id}{' '}
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
    </CustomerSection>
  );
}
