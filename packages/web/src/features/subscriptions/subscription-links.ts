import type { SalesLinks } from '@lectern/domain';
import { useUserContext } from '../../app/user-context/use-user-context';
import { UserContextNotLoadedError } from '../../app/user-context/user-context';

/**
 * Where the subscription pages send people to sales (team-plan §2): 'Request a demo', 'Upgrade
 * to enterprise', 'Compare plans' and the reduce-licenses address. The operator sets them in
 * the back office (issue 34); the user context's Config gives them, defaults filled in and the
 * reference and utm parameters already added, so every page links where the server says.
 */
export function useSalesLinks(): SalesLinks {
  const config = useUserContext().config;
  if (!config) throw new UserContextNotLoadedError('Config');
  return config.sales;
}

/**
 * A web page opens in a new tab, as team-plan §2 asks; a `mailto:` link opens the mail program
 * in place (in a new tab it would leave an empty one behind).
 */
export function salesLinkProps(href: string): { href: string; target?: '_blank'; rel?: 'noreferrer' } {
  return /^mailto:/i.test(href) ? { href } : { href, target: '_blank', rel: 'noreferrer' };
}
