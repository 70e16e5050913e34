import type { PaymentMethodConfig } from '@lectern/domain';
import { startTransition, useEffect, useRef, useState } from 'react';
import { reportError } from '../../platform/report-error';
import { expressWallets, methodKey, type ExpressWallet } from './payment-methods';
import type { ProviderPaymentRequest, ProviderSdk } from './provider-sdk';

/** What the wallet's pay sheet shows; `amount` in minor units of `currency`. */
export interface WalletPaymentDetails {
  country: string;
  currency: string;
  label: string;
  amount: number;
}

export interface ExpressWallets {
  /**
   * The wallet buttons to show: offered by the server and available on this device; null
   * while the provider has not answered.
   */
  wallets: ExpressWallet[] | null;
  /** The payment request the buttons open; null until the provider has answered. */
  request: ProviderPaymentRequest | null;
}

const NONE: ExpressWallets = { wallets: [], request: null };

/** An answer of the provider, for the express method it was asked about. */
interface Answer extends ExpressWallets {
  key: string;
}

/**
 * Checkout §4 express wallet: asks the provider's SDK whether this device can pay with a
 * wallet (`paymentRequest(...).canMakePayment()`), again when the country or currency
 * changes; the amount is set on the request before it is shown. Until the first answer the
 * wallets are unknown (null); when it cannot pay, or the SDK fails, there are none. A new
 * question keeps the last answer until it is answered, so the selection does not jump.
 */
export function useExpressWallets(
  method: PaymentMethodConfig | null,
  details: WalletPaymentDetails | null,
  loadSdk: (method: PaymentMethodConfig) => Promise<ProviderSdk>,
): ExpressWallets {
  const [answer, setAnswer] = useState<Answer | null>(null);
  // The latest method and details, read when asking; the question is asked again only for
  // another method, country or currency (a tax reload brings equal methods and new amounts).
  const latest = useRef({ method, details, loadSdk });
  useEffect(() => {
    latest.current = { method, details, loadSdk };
  });
  const key = method
    ? `${methodKey(method)}|${(method.options.apps ?? []).map((app) => app.app_id).join()}`
    : null;
  const country = details?.country ?? null;
  const currency = details?.currency ?? null;

  useEffect(() => {
    const { method: current, details: start, loadSdk: load } = latest.current;
    if (!key || !current) return;
    // The order's currency and the billing country are not known yet: ask once they are.
    if (!start || !country || !currency) return;
    let active = true;
    load(current)
      .then(async (sdk) => {
        const request = sdk.paymentRequest({
          country,
          currency: currency.toLowerCase(),
          total: { label: start.label, amount: start.amount },
        });
        const availability = await request.canMakePayment();
        // The first answer may draw the whole checkout (which waits for it): as a transition,
        // React yields to the browser while rendering it.
        if (active)
          startTransition(() => setAnswer({ key, wallets: expressWallets(current, availability), request }));
      })
      .catch((error: unknown) => {
        // No wallet is better than a broken page: the other methods stay.
        reportError(error, { step: 'express-availability' });
        if (active) setAnswer({ key, ...NONE });
      });
    return () => {
      active = false;
    };
  }, [key, country, currency]);

  if (!key) return NONE;
  // Another express method (or the first one) has no answer yet: its wallets are unknown.
  return answer?.key === key ? answer : { wallets: null, request: null };
}
