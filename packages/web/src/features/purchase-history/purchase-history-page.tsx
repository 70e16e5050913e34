import { isOrganizationAdmin, PAGE_ROUTES, type PurchaseDataType } from '@lectern/domain';
import { Button, Container, Stack, Tabs, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import type { MessageId } from '../../i18n/load-messages';
import { currentPage } from '../../ui/pagination';
import { authPath } from '../auth/auth-paths';
import { PurchaseTablePanel } from './purchase-table-panel';
import { currentTab, tabHref, visibleTabs } from './purchase-tabs';

const TAB_LABELS: Record<PurchaseDataType, MessageId> = {
  courses: 'purchaseHistory.tab.courses',
  refunds: 'purchaseHistory.tab.refunds',
  subscriptions: 'purchaseHistory.tab.subscriptions',
  organization_subscriptions: 'purchaseHistory.tab.organizationSubscriptions',
};

/** Owners and admins of the user's organization also see its plan's transactions. */
function useIsOrganizationAdmin(): boolean {
  const context = useUserContext();
  const { me } = context;
  return (
    context.userSpecificTracking?.is_organization_admin ??
    (me.is_authenticated && isOrganizationAdmin(me.organization?.role))
  );
}

/** The tabs (in `?tab=`) and the table of the chosen one, a page at a time (`?p=`). */
function PurchaseTabs() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const tabs = visibleTabs(useIsOrganizationAdmin());
  const tab = currentTab(search, tabs);
  const page = currentPage(search);
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = tabs.find((candidate) => candidate === value);
        if (next && next !== tab) void navigate(tabHref(pathname, search, next));
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={intl.formatMessage({ id: 'purchaseHistory.tabs' })}>
        {tabs.map((value) => (
          <Tabs.Tab key={value} value={value}>
            <FormattedMessage id={TAB_LABELS[value]} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((value) => (
        <Tabs.Panel key={value} value={value} pt="lg">
          {/* Only the active panel mounts its content (keepMounted off): one table fetches at a time. */}
          <PurchaseTablePanel type={value} page={page} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * `/dashboard/purchase-history/` (team-plan §2 "Purchase history"): the user's course orders,
 * refunds and subscription charges (and their organization's, for its admins), one tab each.
 */
export function PurchaseHistoryPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'purchaseHistory.heading' }));
  const { me } = useUserContext();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="purchaseHistory.heading" />
        </Title>
        {me.is_authenticated ? (
          <PurchaseTabs />
        ) : (
          <Button component={Link} to={authPath('login', PAGE_ROUTES.purchaseHistory)} w="fit-content">
            <FormattedMessage id="common.logInToSee" />
          </Button>
        )}
      </Stack>
    </Container>
  );
}
