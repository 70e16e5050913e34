import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { NavigationContext, type AppLinkProps, type Navigation } from './navigation';

function RouterAppLink({ to, ...rest }: AppLinkProps) {
  return <RouterLink to={to} {...rest} />;
}

/**
 * The single-page app's navigation: React Router's (inside the router). Its own module, so
 * that what islands import (navigation.tsx) never loads the router.
 */
export function RouterNavigationProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation: Navigation = {
    location,
    navigate: (to) => void navigate(to),
    Link: RouterAppLink,
  };
  return <NavigationContext value={navigation}>{children}</NavigationContext>;
}
