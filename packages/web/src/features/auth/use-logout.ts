import { PAGE_ROUTES } from '@lectern/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useRefreshAfterAuthChange } from '../../app/user-context/user-context-provider';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { logout } from './auth-api';

/** Logs out, refreshes the context, and goes home. */
export function useLogout() {
  const api = useApiClient();
  const refresh = useRefreshAfterAuthChange();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await logout(api);
      await refresh();
    },
    onSuccess: () => navigate(PAGE_ROUTES.home),
    onError: (error) => reportError(error, { action: 'logout' }),
  });
}
