import { PAGE_ROUTES, isOrganizationAdmin } from '@lectern/domain';
import { Anchor, Container, Flex, NavLink, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../../app/shell/use-page-title';
import { useMe } from '../../../app/user-context/use-user-context';
import type { MessageId } from '../../../i18n/load-messages';
import { RequireSignIn } from '../../subscriptions/require-sign-in';
import classes from './organization-admin-layout.module.css';

interface NavItem {
  to: string;
  label: MessageId;
}

const TOP_ITEMS: NavItem[] = [
  { to: PAGE_ROUTES.organizationAdminOverview, label: 'organizationAdmin.nav.overview' },
  { to: PAGE_ROUTES.organizationUsers, label: 'organizationAdmin.nav.users' },
];

const SETTINGS_ITEMS: NavItem[] = [
  { to: PAGE_ROUTES.organizationSubscription, label: 'organizationAdmin.nav.subscription' },
  { to: PAGE_ROUTES.organizationBilling, label: 'organizationAdmin.nav.billing' },
];

function Item({ item, pathname, nested = false }: { item: NavItem; pathname: string; nested?: boolean }) {
  const current = pathname === item.to;
  return (
    <li>
      <NavLink
        component={Link}
        to={item.to}
        active={current}
        aria-current={current ? 'page' : undefined}
        pl={nested ? 'xl' : undefined}
        label={<FormattedMessage id={item.label} />}
      />
    </li>
  );
}

/** The admin area's sidebar: Admin overview, Users, and the Settings group (one row on a phone). */
function AdminNavigation() {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <nav aria-label={intl.formatMessage({ id: 'organizationAdmin.nav.label' })} className={classes.nav}>
      <ul className={classes.list}>
        {TOP_ITEMS.map((item) => (
          <Item key={item.to} item={item} pathname={pathname} />
        ))}
        <li>
          <Text
            id="organization-admin-settings"
            size="sm"
            fw={700}
            c="dimmed"
            px="sm"
            pt="md"
            pb={4}
            className={classes.settingsLabel}
          >
            <FormattedMessage id="organizationAdmin.nav.settings" />
          </Text>
          <ul className={classes.list} aria-labelledby="organization-admin-settings">
            {SETTINGS_ITEMS.map((item) => (
              <Item key={item.to} item={item} pathname={pathname} nested />
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}

/** Whose admin area this is: the organization's name above every page's title. */
function OrganizationName() {
  const me = useMe();
  const name = me.is_authenticated ? me.organization?.title : undefined;
  if (!name) return null;
  return (
    <Text size="sm" fw={600} c="dimmed" tt="uppercase" data-testid="organization-name">
      {name}
    </Text>
  );
}

/** What a signed-in user who is not an owner or admin of an organization sees. */
function NoAccess() {
  return (
    <Container size="sm" py="xl" data-testid="organization-admin-no-access">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>
          <FormattedMessage id="organizationAdmin.noAccess.heading" />
        </Title>
        <Text>
          <FormattedMessage id="organizationAdmin.noAccess.text" />
        </Text>
        <Anchor component={Link} to={PAGE_ROUTES.home} fw={700}>
          <FormattedMessage id="organizationAdmin.noAccess.home" />
        </Anchor>
      </Stack>
    </Container>
  );
}

/** Renders its children only for an owner or admin of the signed-in user's organization. */
function RequireOrganizationAdmin({ children }: { children: ReactNode }) {
  const me = useMe();
  const allowed = me.is_authenticated && isOrganizationAdmin(me.organization?.role);
  return allowed ? children : <NoAccess />;
}

/**
 * The organization admin area (team-plan §2, §6): the sidebar and the page's title (and
 * subtitle). A visitor logs in first and comes back; a signed-in user who is not an owner or
 * admin of their organization is told so.
 */
export function OrganizationAdminLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <RequireSignIn>
      <RequireOrganizationAdmin>
        {/* The header's width: the area lines up with the site's header instead of overhanging it. */}
        <Container size="lg" py="xl">
          <Flex direction={{ base: 'column', sm: 'row' }} gap="xl" align="flex-start">
            <AdminNavigation />
            <Stack gap="lg" style={{ flex: 1, minWidth: 0 }} w="100%">
              <Stack gap={4}>
                <OrganizationName />
                <Title order={1}>{title}</Title>
                {subtitle && <Text c="dimmed">{subtitle}</Text>}
              </Stack>
              {children}
            </Stack>
          </Flex>
        </Container>
      </RequireOrganizationAdmin>
    </RequireSignIn>
  );
}
