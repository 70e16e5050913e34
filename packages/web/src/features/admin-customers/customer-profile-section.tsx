import { STAFF_ROLE_LABELS, type AdminCustomerDetail } from '@lectern/domain';
import { Alert, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { adminDateTime } from '../admin-shell/admin-format';
import { CustomerSection } from './customer-section';

/** Labelled facts as a description list, two columns from `xs` up. */
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

/** The customer's profile: contact, locale, dates and what kind of account it is. */
export function CustomerProfileSection({ customer }: { customer: AdminCustomerDetail }) {
  const { profile } = customer;
  return (
    <CustomerSection title="Profile" id="customer-profile">
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
    </CustomerSection>
  );
}
