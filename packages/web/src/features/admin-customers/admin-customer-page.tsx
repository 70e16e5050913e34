import { PAGE_ROUTES, type AdminCustomerDetail } from '@lectern/domain';
import { Alert, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';
import { AdminLayout } from '../admin-shell/admin-layout';
import { adminCustomerQuery } from './admin-customers-api';
import { CustomerActions } from './customer-actions';
import { CustomerCardsSection } from './customer-cards-section';
import { CustomerCreditSection } from './customer-credit-section';
import { CustomerOrganizationsSection } from './customer-organizations-section';
import { CustomerProfileSection } from './customer-profile-section';
import { CustomerPurchasesSection } from './customer-purchases-section';
import { CustomerSection } from './customer-section';
import { CustomerSessionsSection } from './customer-sessions';
import { CustomerSubscriptionsSection } from './customer-subscriptions-section';

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

/** What the page shows for an id that is malformed or unknown. */
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

/** The loaded page: the customer, their actions, the last change's notice and the audit trail. */
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
          <CustomerSection title="Audit trail" id="customer-audit">
            <AdminAuditTrail objectType="customer" objectId={id} />
          </CustomerSection>
        </Stack>
      )}
    </AdminLayout>
  );
}

/** The customer's sections, in reading order. */
function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <>
      <CustomerProfileSection customer={customer} />
      <CustomerPurchasesSection customer={customer} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <CustomerSubscriptionsSection customer={customer} />
        <CustomerOrganizationsSection customer={customer} />
      </SimpleGrid>
      <CustomerCreditSection customer={customer} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <CustomerCardsSection customer={customer} />
        <CustomerSessionsSection customer={customer} />
      </SimpleGrid>
    </>
  );
}
