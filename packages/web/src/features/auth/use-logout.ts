import { PAGE_ROUTES } from '@lectern/domain';
import { useState } from 'react';
import { useRefreshAfterAuthChange } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { useNavigation } from '../../platform/navigation/navigation';
import { reportError } from '../../platform/report-error';
import { logout } from './auth-api';

/**
 * Logs out, refreshes the context, and goes home (in an island, by loading the home page),
 * unless the user went somewhere else meanwhile: the header shows "Log in" as soon as the
 * context is refreshed, while the page's other data is still being read again, and a click on
 * it must not be undone by the way home. No React Router or query cache: the header's user
 * menu may be hydrated as an island (app/islands).
 */
export function useLogout(): { mutate: () => void; isPending: boolean } {
  const api = useApiClient();
  const refresh = useRefreshAfterAuthChange();
  const { navigate } = useNavigation();
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    const startedAt = window.location.href;
    logout(api)
      .then(refresh)
      .then(
        () => {
          if (window.location.href === startedAt) navigate(PAGE_ROUTES.home);
        },
        (error: unknown) => reportError(error, { action: 'logout' }),
      )
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}
