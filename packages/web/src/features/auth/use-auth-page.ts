import { safeNextPath } from '@lectern/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRefreshAfterAuthChange, useUserContext } from '../../app/user-context/use-user-context';

/**
 * What the login and signup pages share: the safe `next` path, whether the visitor was
 * already logged in when the page opened (then it just moves on), and the success step:
 * refresh the context, then go to `next`.
 */
export function useAuthPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const { me } = useUserContext();
  // Decided once, so the context refresh after a successful submit does not redirect twice.
  const [wasLoggedIn] = useState(me.is_authenticated);
  const refresh = useRefreshAfterAuthChange();
  const navigate = useNavigate();
  const onSuccess = async () => {
    await refresh();
    await navigate(next, { replace: true });
  };
  return { next, wasLoggedIn, onSuccess };
}
