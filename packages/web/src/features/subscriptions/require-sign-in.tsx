import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useMe } from '../../app/user-context/use-user-context';
import { authPath } from '../auth/auth-paths';
import { AuthRedirect } from '../auth/full-page-auth-navigation';

/** Pages for signed-in users: a visitor goes to the login page, which brings them back (`?next=`). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (!me.is_authenticated) {
    return <AuthRedirect to={authPath('login', `${location.pathname}${location.search}`)} />;
  }
  return children;
}
