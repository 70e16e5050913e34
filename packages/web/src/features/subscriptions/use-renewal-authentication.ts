import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { readProviderReturn, withoutProviderReturn } from '../checkout/checkout-success-return';
import { authenticateRenewal } from './subscription-api';
import { CURRENT_ENROLLMENT_KEY } from './subscription-queries';

/** The query parameter of the mailed link naming the renewal invoice. */
export const INVOICE_PARAM = 'invoice';

/** The invoice id of `?invoice=<id>`, when it is a whole number from 1; null otherwise. */
export function invoiceIdOf(search: string): number | null {
  const value = new URLSearchParams(search).get(INVOICE_PARAM)?.trim() ?? '';
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/**
 * Where the confirmation stands: `ready` waits for the admin's press; `confirming` is asking
 * the server; `redirecting` is leaving for the bank's page; `stillRequired` came back from it
 * and the bank still asks (the admin presses again, never an automatic loop); `failed` carries
 * the provider's message; `notFound` (404) and `closed` (409) are final; `error` is anything
 * else (the network, the server), worth another try.
 */
export type RenewalAuthenticationState =
  | { step: 'ready' }
  | { step: 'confirming' }
  | { step: 'redirecting' }
  | { step: 'stillRequired' }
  | { step: 'succeeded' }
  | { step: 'failed'; message: string }
  | { step: 'noRedirect' }
  | { step: 'notFound' }
  | { step: 'closed' }
  | { step: 'error'; message: string | null };

/**
 * The renewal confirmation of `/payment/subscription-authenticate/?invoice=<id>`: `confirm()`
 * posts the invoice and follows the provider's 3-D Secure page. When the provider has sent the
 * admin back (its `payment_intent` and `redirect_status` parameters), the invoice is posted
 * again once, by itself, and those parameters leave the address bar (a reload asks nothing).
 */
export function useRenewalAuthentication(
  invoiceId: number,
  { assign = (url: string) => window.location.assign(url) }: { assign?: (url: string) => void } = {},
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address bar loses the provider's parameters as soon as they are used.
  const [returned] = useState(() => readProviderReturn(location.search) !== null);
  const [state, setState] = useState<RenewalAuthenticationState>(
    returned ? { step: 'confirming' } : { step: 'ready' },
  );
  // A ref, not state: strict mode runs the effect twice for one mount; the return posts once.
  const resumed = useRef(false);
  const inFlight = useRef(false);

  const run = useCallback(
    async (afterReturn: boolean) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setState({ step: 'confirming' });
      try {
        const answer = await authenticateRenewal(api, invoiceId);
        if (answer.status === 'succeeded') {
          setState({ step: 'succeeded' });
          void queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY });
        } else if (answer.status === 'failed') {
          setState({ step: 'failed', message: answer.message });
        } else if (afterReturn) {
          // Back from the bank's page and still asked: the admin decides to go again.
          setState({ step: 'stillRequired' });
        } else if (answer.data?.redirect_url) {
          setState({ step: 'redirecting' });
          assign(answer.data.redirect_url);
        } else {
          setState({ step: 'noRedirect' });
        }
      } catch (error) {
        if (isApiError(error) && error.statusCode === 404) setState({ step: 'notFound' });
        else if (isApiError(error) && error.statusCode === 409) setState({ step: 'closed' });
        else {
          reportError(error, { step: 'subscription-authenticate' });
          setState({
            step: 'error',
            message: isApiError(error) && error.isParsedError ? error.detail : null,
          });
        }
      } finally {
        inFlight.current = false;
      }
    },
    [api, assign, invoiceId, queryClient],
  );

  useEffect(() => {
    if (!returned || resumed.current) return;
    resumed.current = true;
    void navigate(
      { pathname: location.pathname, search: withoutProviderReturn(location.search), hash: location.hash },
      { replace: true },
    );
    void run(true);
  }, [location, navigate, returned, run]);

  const confirm = useCallback(() => void run(false), [run]);
  return { state, confirm };
}
