import { PAGE_ROUTES, STAFF_ROLE_LABELS, type StaffPermission } from '@lectern/domain';
import {
  Anchor,
  Badge,
  Box,
  Container,
  Flex,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { RequireSignIn } from '../subscriptions/require-sign-in';
import { staffMeQuery, type StaffMe } from './admin-api';

interface NavItem {
  to: string;
  label: string;
  /** Pages under this address count as this item (a course's page lights up "Courses"). */
  prefix?: boolean;
}

const NAV_GROUPS: { label: string | null; items: NavItem[] }[] = [
  { label: null, items: [{ to: PAGE_ROUTES.adminDashboard, label: 'Dashboard' }] },
  {
    label: 'Catalog',
    items: [
      { to: PAGE_ROUTES.adminCourses, label: 'Courses', prefix: true },
      { to: PAGE_ROUTES.adminCodes, label: 'Discount codes', prefix: true },
    ],
  },
  {
    label: 'Sales',
    items: [
      { to: PAGE_ROUTES.adminOrders, label: 'Orders', prefix: true },
      { to: PAGE_ROUTES.adminRefunds, label: 'Refunds', prefix: true },
      { to: PAGE_ROUTES.adminSubscriptions, label: 'Subscriptions', prefix: true },
    ],
  },
  {
    label: 'Finance',
    items: [
      { to: PAGE_ROUTES.adminTaxReport, label: 'Tax report' },
      { to: PAGE_ROUTES.adminExports, label: 'Exports' },
    ],
  },
  {
    label: 'People',
    items: [
      { to: PAGE_ROUTES.adminCustomers, label: 'Customers', prefix: true },
      { to: PAGE_ROUTES.adminStaff, label: 'Staff', prefix: true },
    ],
  },
  {
    label: 'Records',
    items: [
      { to: PAGE_ROUTES.adminAudit, label: 'Audit log' },
      { to: PAGE_ROUTES.adminWebhooks, label: 'Webhooks', prefix: true },
      { to: PAGE_ROUTES.adminExperiments, label: 'Experiments' },
    ],
  },
];

const isCurrent = (item: NavItem, pathname: string) =>
  pathname === item.to || (item.prefix === true && pathname.startsWith(item.to));

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The sidebar on wide screens; on a phone one row of links that scrolls sideways. */
function AdminNavigation() {
  const { pathname } = useLocation();
  const items = NAV_GROUPS.flatMap((group) => group.items);
  const phoneRow = useRef<HTMLDivElement>(null);
  // On a phone the current area's link may sit past the edge of the row: bring it into view.
  useEffect(() => {
    const row = phoneRow.current;
    const current = row?.querySelector<HTMLElement>('[data-active]');
    if (row && current) row.scrollLeft = current.offsetLeft - 16;
  }, [pathname]);
  return (
    <>
      <Box component="nav" aria-label="Back office" hiddenFrom="sm" w="100%">
        <ScrollArea type="never" viewportRef={phoneRow}>
          <Group component="ul" gap={4} wrap="nowrap" style={LIST_STYLE}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  component={Link}
                  to={item.to}
                  active={isCurrent(item, pathname)}
                  aria-current={pathname === item.to ? 'page' : undefined}
                  label={item.label}
                  style={{ whiteSpace: 'nowrap', borderRadius: 'var(--mantine-radius-sm)' }}
                />
              </li>
            ))}
          </Group>
        </ScrollArea>
      </Box>
      <Box component="nav" aria-label="Back office" visibleFrom="sm" w={220} style={{ flexShrink: 0 }}>
        <Box component="ul" style={LIST_STYLE}>
          {NAV_GROUPS.map((group) => (
            <li key={group.label ?? 'top'}>
              {group.label && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                  {group.label}
                </Text>
              )}
              <Box component="ul" style={LIST_STYLE}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      component={Link}
                      to={item.to}
                      active={isCurrent(item, pathname)}
                      aria-current={pathname === item.to ? 'page' : undefined}
                      label={item.label}
                    />
                  </li>
                ))}
              </Box>
            </li>
          ))}
        </Box>
      </Box>
    </>
  );
}

const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff member (inside AdminLayout only). */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff() is only available inside AdminLayout.');
  return staff;
}

/** Whether the signed-in staff member's role allows `permission` (the server checks it again). */
export function useStaffMay(permission: StaffPermission): boolean {
  return useStaff().permissions.includes(permission);
}

function NotStaff() {
  return (
    <Container size="sm" py="xl" data-testid="admin-no-access">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>The back office is for the marketplace’s staff</Title>
        <Text>Your account is not on the staff. If you should have access, ask an owner to invite you.</Text>
        <Anchor component={Link} to={PAGE_ROUTES.home} fw={700}>
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}

function RequireStaff({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const me = useQuery(staffMeQuery(api));
  if (me.isPending) return <PageLoader />;
  if (me.isError) {
    if (isApiError(me.error) && me.error.statusCode === 403) return <NotStaff />;
    return (
      <Container size="sm" py="xl">
        <LoadErrorAlert message="The back office could not be loaded." onRetry={() => void me.refetch()} />
      </Container>
    );
  }
  return <StaffContext.Provider value={me.data}>{children}</StaffContext.Provider>;
}

/**
 * The back office (issue 32): one area, one navigation. A visitor signs in first and comes
 * back; a signed-in user who is not staff is told so. `actions` sit beside the title.
 */
export function AdminLayout({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <RequireSignIn>
      <RequireStaff>
        <Container size="xl" py="lg" data-testid="admin-layout">
          <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'md', sm: 'xl' }} align="flex-start">
            <AdminNavigation />
            <Stack gap="lg" style={{ flex: 1, minWidth: 0 }} w="100%">
              <Group justify="space-between" align="flex-end" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={1} size="h2">
                    {title}
                  </Title>
                  {subtitle && <Text c="dimmed">{subtitle}</Text>}
                </Stack>
                {actions && <Group gap="xs">{actions}</Group>}
              </Group>
              {children}
            </Stack>
          </Flex>
        </Container>
      </RequireStaff>
    </RequireSignIn>
  );
}

/** The staff member's role, as a badge (the dashboard and the staff page show it). */
export function StaffRoleBadge({ role }: { role: StaffMe['role'] }) {
  return (
    <Badge variant="light" color={role === 'owner' ? 'violet' : 'gray'}>
      {STAFF_ROLE_LABELS[role]}
    </Badge>
  );
}
