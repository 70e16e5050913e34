import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';

/** Where the page is; `key` changes on every navigation (constant for a document's own page). */
export interface NavigationLocation {
  pathname: string;
  search: string;
  key: string;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site, e.g. `/cart/`. */
  to: string;
}

/**
 * How a component moves between pages, whichever way its page was started. Components that
 * may be hydrated as an island (app/islands) use this instead of React Router, which only
 * the single-page app loads: there a link is the router's, in an island it is a plain link
 * and going somewhere loads that page from the server.
 */
export interface Navigation {
  location: NavigationLocation;
  navigate(to: string): void;
  Link: ComponentType<AppLinkProps>;
}

/** Provided by RouterNavigationProvider (router-navigation.tsx) and DocumentNavigationProvider. */
export const NavigationContext = createContext<Navigation | null>(null);

/** The nearest provider's navigation; outside any (in the browser), the document's own. */
export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (navigation) return navigation;
  if (typeof window === 'undefined') {
    throw new Error('useNavigation needs a navigation provider in a server render.');
  }
  return documentNavigation(window.location);
}

/** A link to a page of this site, the router's or a plain one (see Navigation). */
export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

function DocumentLink({ to, ...rest }: AppLinkProps) {
  return <a href={to} {...rest} />;
}

/**
 * An island's navigation: plain links and full page loads. `location` is the page's own
 * (given by the server's render; the browser's otherwise).
 */
export function DocumentNavigationProvider({
  location,
  children,
}: {
  location?: Pick<NavigationLocation, 'pathname' | 'search'>;
  children: ReactNode;
}) {
  return (
    <NavigationContext value={documentNavigation(location ?? window.location)}>{children}</NavigationContext>
  );
}

function documentNavigation({
  pathname,
  search,
}: Pick<NavigationLocation, 'pathname' | 'search'>): Navigation {
  return {
    location: { pathname, search, key: 'document' },
    navigate: (to) => window.location.assign(to),
    Link: DocumentLink,
  };
}
