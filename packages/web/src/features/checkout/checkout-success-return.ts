import type { CheckoutReceipt, CheckoutResultRequest } from '@lectern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRefreshAfterAuthChange } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { submitCheckoutResult } from './checkout-api';
import { isReceiptOpen } from './checkout-success-polling';

/** What the provider appends to the success page URL when it sends the buyer back. */
export interface ProviderReturn {
  paymentIntentId: string;
  redirectStatus: string;
}

const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/** The provider's return in a query string, or null when the page was opened any other way. */
export function readProviderReturn(search: string): ProviderReturn | null {
  const params = new URLSearchParams(search);
  const paymentIntentId = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  if (!paymentIntentId || !redirectStatus) return null;
  return { paymentIntentId, redirectStatus };
}

/** The query string without the provider's parameters (`''` when nothing else is left). */
export function withoutProviderReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The query string a login link should come back to: the outcome still to submit, but not
 * the client secret, which has no business in another page's `next` parameter.
 */
export function providerReturnForLogin(search: string): string {
  const providerReturn = readProviderReturn(search);
  if (!providerReturn) return '';
  return `?${new URLSearchParams({
    payment_intent: providerReturn.paymentIntentId,
    redirect_status: providerReturn.redirectStatus,
  }).toString()}`;
}

/**
 * The outcome as the server takes it (checkout §7 "submit checkout for an attempt"). The
 * server never trusts `action_result`: it asks the provider for the intent's real status.
 */
export function providerReturnBody(providerReturn: ProviderReturn): CheckoutResultRequest {
  return {
    checkout_environment: 'Marketplace',
    checkout_event: 'Result',
    payment_info: {
      credentials: {
        payment_intent_id: providerReturn.paymentIntentId,
        action_result: providerReturn.redirectStatus,
      },
    },
  };
}

/** `waiting`: a return to submit once the receipt is known; `submitting`: sent, receipt reloading. */
export type ProviderReturnPhase = 'waiting' | 'submitting' | 'done';

/**
 * Submits the outcome the provider sent the buyer back with, once: only while the attempt is
 * still open, then drops the provider's parameters from the address bar (a reload must not
 * submit again, and the client secret should not stay in the history), then reloads the
 * receipt. The phase is `done` at once when the page was not opened by the provider, and as
 * soon as the receipt is final.
 */
export function useProviderReturn(
  attemptId: string,
  receipt: CheckoutReceipt | undefined,
  receiptQueryKey: readonly unknown[],
  /** A visitor's return (a guest checkout's device): the outcome goes to the guest variant. */
  guest = false,
): ProviderReturnPhase {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const refreshAfterAuthChange = useRefreshAfterAuthChange();
  // Read once: the address bar loses these parameters while the submission is still going on.
  const [providerReturn] = useState(() => readProviderReturn(location.search));
  const [finished, setFinished] = useState(false);
  // A ref, not state: the effect may run again for one mount (strict mode, a poll changing the
  // receipt) and must submit once.
  const started = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!providerReturn || !receipt || started.current) return;
    started.current = true;
    const clearAddressBar = () => {
      // After the buyer has left, the address bar is another page's.
      if (!mounted.current) return;
      void navigate(
        { pathname: location.pathname, search: withoutProviderReturn(location.search), hash: location.hash },
        { replace: true },
      );
    };
    if (!isReceiptOpen(receipt)) {
      clearAddressBar();
      return;
    }
    void (async () => {
      try {
        const result = await submitCheckoutResult(api, attemptId, providerReturnBody(providerReturn), guest);
        // A guest's payment that succeeded may have signed this device in (to an account its
        // own submit made, decision 0030): the page then reads the receipt as the buyer's.
        if (guest && result.status === 'succeeded') await refreshAfterAuthChange();
      } catch (error) {
        // The receipt is still worth showing: the provider's webhook settles the attempt anyway.
        reportError(error, { step: 'checkout-return' });
      }
      clearAddressBar();
      try {
        await queryClient.invalidateQueries({ queryKey: receiptQueryKey });
      } finally {
        if (mounted.current) setFinished(true);
      }
    })();
  }, [
    api,
    attemptId,
    guest,
    location,
    navigate,
    providerReturn,
    queryClient,
    receipt,
    receiptQueryKey,
    refreshAfterAuthChange,
  ]);

  if (finished || !providerReturn || (receipt && !isReceiptOpen(receipt))) return 'done';
  return receipt ? 'submitting' : 'waiting';
}
