import { Anchor, Button, Container, Group } from '@mantine/core';
import { PAGE_ROUTES } from '@lectern/domain';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { authPath, isAuthPage, returnPathFor } from '../../features/auth/auth-paths';
import { HeaderSearch } from '../../features/search/header-search';
import { Island } from '../islands/island';
import { HeaderCartLink } from './cart-link';
import { UserMenu } from './user-menu';
import { useUserContext } from '../user-context/use-user-context';
import classes from './shell.module.css';

/** Brand link home, then the cart and either the auth links or the user menu. */
export function AppHeader() {
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
        <Island name="header-search" component={HeaderSearch} props={{}} />
        <nav aria-label={intl.formatMessage({ id: 'shell.nav' })}>
          <Group gap="sm" wrap="nowrap">
            <Island name="cart-link" component={HeaderCartLink} props={{}} />
            {me.is_authenticated ? (
              <Island name="user-menu" component={UserMenu} props={{}} hydrate="on-interaction" />
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
