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
import hidden from '../../ui/visually-hidden.module.css';
import classes from './shell.module.css';

/**
 * On a phone a visitor's "Log in" and "Sign up" wait behind a menu button: with the brand, the
 * search and the cart they would not fit in 360 px in every language. A `<details>` opens it
 * without any script, so it works before (and without) hydration.
 */
function PhoneAccountMenu({ loginTo, signupTo }: { loginTo: string; signupTo: string }) {
  const intl = useIntl();
  return (
    <details className={classes.phoneMenu}>
      <summary className={classes.phoneMenuButton}>
        <MenuIcon />
        <span className={hidden.visuallyHidden}>{intl.formatMessage({ id: 'shell.accountMenu' })}</span>
      </summary>
      <div className={classes.phoneMenuPanel}>
        <Button component={Link} to={signupTo} fullWidth>
          {intl.formatMessage({ id: 'shell.signup' })}
        </Button>
        <Button component={Link} to={loginTo} variant="default" fullWidth>
          {intl.formatMessage({ id: 'shell.login' })}
        </Button>
      </div>
    </details>
  );
}

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M4 12h16M4 17h16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

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
                  <Button component={Link} to={authPath('login', next)} variant="default" visibleFrom="xs">
                    {intl.formatMessage({ id: 'shell.login' })}
                  </Button>
                  <Button component={Link} to={authPath('signup', next)} visibleFrom="xs">
                    {intl.formatMessage({ id: 'shell.signup' })}
                  </Button>
                  <PhoneAccountMenu loginTo={authPath('login', next)} signupTo={authPath('signup', next)} />
                </>
              )
            )}
          </Group>
        </nav>
      </Container>
    </header>
  );
}
