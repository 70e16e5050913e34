import { PAGE_ROUTES, type AuthenticatedMe } from '@lectern/domain';
import { Button, Menu } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { ChevronDownIcon } from '../../ui/icons';

export function displayNameOf(me: AuthenticatedMe): string {
  return me.display_name || `${me.name} ${me.surname}`.trim() || me.email;
}

/** The logged-in user's name, opening a menu with "Log out". */
export function UserMenu({ me }: { me: AuthenticatedMe }) {
  const intl = useIntl();
  const logout = useLogout();
  return (
    // No focus placeholder: Mantine's is a non-item child of role=menu (axe: aria-required-children).
    // No portal: the dropdown stays inside the header's nav landmark.
    <Menu
      position="bottom-end"
      width={200}
      shadow="md"
      withInitialFocusPlaceholder={false}
      withinPortal={false}
    >
      <Menu.Target>
        <Button variant="default" rightSection={<ChevronDownIcon />} loading={logout.isPending}>
          {displayNameOf(me)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={PAGE_ROUTES.myCourses}>
          {intl.formatMessage({ id: 'shell.myCourses' })}
        </Menu.Item>
        <Menu.Item component={Link} to={PAGE_ROUTES.cart}>
          {intl.formatMessage({ id: 'shell.wishlistAndCart' })}
        </Menu.Item>
        <Menu.Item component={Link} to={PAGE_ROUTES.purchaseHistory}>
          {intl.formatMessage({ id: 'shell.purchaseHistory' })}
        </Menu.Item>
        <Menu.Item component={Link} to={PAGE_ROUTES.creditHistory}>
          {intl.formatMessage({ id: 'shell.creditHistory' })}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => logout.mutate()}>{intl.formatMessage({ id: 'shell.logout' })}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
