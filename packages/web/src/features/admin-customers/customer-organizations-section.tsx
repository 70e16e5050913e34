import { type AdminCustomerDetail } from '@lectern/domain';
import { Stack, Text } from '@mantine/core';
import { CustomerSection } from './customer-section';

/** The organizations the customer belongs to, with their role in each. */
export function CustomerOrganizationsSection({ customer }: { customer: AdminCustomerDetail }) {
  const { organizations } = customer;
  return (
    <CustomerSection title="Organizations" id="customer-organizations">
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
    </CustomerSection>
  );
}
