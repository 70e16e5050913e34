import { Anchor, Button, Container, Group } from '@mantine/core';
import { PAGE_ROUTES } from '@lectern/domain';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { authPath, isAuthPage, returnPathFor } from '../../features/auth/auth-paths';
import { HeaderSearch } from '../../features/search/header-search';
import { useUserContext } from '../user-context/user-context-provider';
import { CartLink } from './cart-link';
import classes from './shell.module.css';
import { UserMenu } from './user-menu';

/** Brand link home, then the cart and either the auth links or the user menu. */
export function AppHeader({ cartCount }: { cartCount: number }) {
  const intl = useIntl();
  const { me, brandName } = useUserContext();
  const location = useLocation();
  const next = returnPathFor(location);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Anchor component={Link} to={PAGE_ROUTES.home} className={classes.brand} underline="never">
          {brandName}
        </Anchor>
        <HeaderSearch />
        <nav aria-label={intl.formatMessage({ id: 'shell.nav' })}>
          <Group gap="sm" wrap="nowrap">
            <CartLink count={cartCount} />
            {me.is_authenticated ? (
              <UserMenu me={me} />
            ) : (
              // The login and signup pages link to each other themselves.
              !isAuthPage(location.pathname) && (
                <>
                  <Button component={Link} to={authPath('login', next)} variant="default">
                    {intl.formatMessage({ id: 'shell.login' })}
                  </Button>
                  <Button component={Link} to={authPath('signup', next)}>
                    {intl.formatMessage({ id: 'shell.signup' })}
                  </Button>
                </>
              )
            )}
          </Group>
        </nav>
      </Container>
    </header>
  );
}
