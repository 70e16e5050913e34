import {
  CHECKOUT_MESSAGES,
  isBillingInformationValid,
  REQUESTED_CONFIGS,
  type BillingAddressInput,
  type BillingConfig,
  type CheckoutItemData,
  type OrderSummary,
  type PaymentMethodConfig,
  type TaxConfig,
} from '@lectern/domain';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { fetchCheckoutInfo } from './checkout-api';
import { filterKnownMethods } from './payment-methods';

/** Checkout §4 data status of the payment methods. */
export type MethodsStatus = 'INIT' | 'LOADING' | 'DONE' | 'ERROR';

export interface CheckoutInfoState {
  status: MethodsStatus;
  /** Checkout §4: tax goes LOADING then DONE. */
  taxStatus: 'LOADING' | 'DONE';
  methods: PaymentMethodConfig[];
  creditIsUsable: boolean;
  billingConfig: BillingConfig | null;
  /** Null when the tax context is reset (billing information not valid). */
  taxConfig: TaxConfig | null;
  summary: OrderSummary | null;
  /** Why loading failed (checkout §8 default: configLoadFailed). */
  loadError: string | null;
  /** A server error for the secondary location field (tax_config.error or a field error). */
  secondaryLocationServerError: string | null;
}

const INITIAL: CheckoutInfoState = {
  status: 'INIT',
  taxStatus: 'LOADING',
  methods: [],
  creditIsUsable: false,
  billingConfig: null,
  taxConfig: null,
  summary: null,
  loadError: null,
  secondaryLocationServerError: null,
};

/** The server's message for the secondary location field in a 400 answer, if any. */
export function secondaryLocationFieldError(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.fieldErrors['billing_address.secondary_location_info']?.join(' ') ?? null;
}

export function shoppingItemsOf(items: readonly CheckoutItemData[]) {
  return items.map((item) => ({ buyable: { id: item.buyableId, buyable_object_type: item.buyableType } }));
}

/**
 * Loads `POST /payment/checkout-info/` for the frozen list and keeps its answer: on start (the
 * server picks the user's country), and again for every valid billing address (checkout §4:
 * a country change clears the secondary location first; invalid information resets the tax
 * context instead of asking). A newer request cancels the one in flight.
 */
export function useCheckoutInfo(items: readonly CheckoutItemData[], enabled: boolean, guest = false) {
  const api = useApiClient();
  const [state, setState] = useState<CheckoutInfoState>(INITIAL);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    async (billing?: BillingAddressInput) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState((current) => ({
        ...current,
        status: current.status === 'DONE' ? 'DONE' : 'LOADING',
        taxStatus: 'LOADING',
        secondaryLocationServerError: null,
      }));
      try {
        const answer = await fetchCheckoutInfo(
          api,
          {
            requested_configs: [...REQUESTED_CONFIGS],
            shopping_info: { items: shoppingItemsOf(items) },
            checkout_environment: 'Marketplace',
            checkout_event: 'Info',
            ...(billing ? { billing_address: billing } : {}),
          },
          controller.signal,
          guest,
        );
        if (controller.signal.aborted) return;
        if (answer.status !== 'succeeded') {
          setState((current) => ({
            ...current,
            status: 'ERROR',
            taxStatus: 'DONE',
            loadError: answer.message ?? CHECKOUT_MESSAGES.configLoadFailed,
          }));
          return;
        }
        const { methods, dropped } = filterKnownMethods(answer.data.checkout_config?.payment_methods ?? []);
        for (const { method, reason } of dropped) {
          reportError(new Error(`Payment method dropped: ${reason}`), { method });
        }
        const taxConfig = answer.data.tax_config ?? null;
        // The first answer draws the whole checkout: as a transition, React yields to the
        // browser while rendering it instead of holding the main thread for all of it.
        startTransition(() =>
          setState((current) => ({
            status: 'DONE',
            taxStatus: 'DONE',
            methods,
            creditIsUsable: answer.data.checkout_config?.credit_is_usable ?? false,
            billingConfig: answer.data.billing_config ?? current.billingConfig,
            taxConfig,
            summary: answer.data.order_summary ?? current.summary,
            loadError: null,
            secondaryLocationServerError: taxConfig?.error ?? null,
          })),
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        reportError(error, { step: 'checkout-info' });
        const locationError = secondaryLocationFieldError(error);
        setState((current) =>
          locationError && current.status === 'DONE'
            ? { ...current, taxStatus: 'DONE', taxConfig: null, secondaryLocationServerError: locationError }
            : {
                ...current,
                status: 'ERROR',
                taxStatus: 'DONE',
                loadError:
                  isApiError(error) && error.isParsedError
                    ? error.detail
                    : CHECKOUT_MESSAGES.configLoadFailed,
              },
        );
      }
    },
    [api, items, guest],
  );

  /** Checkout §4: with valid billing information ask for tax; otherwise reset the tax context. */
  const changeBilling = useCallback(
    (country: string, secondaryLocation: string, taxNumber: string | null = null) => {
      if (!isBillingInformationValid(country, secondaryLocation)) {
        inFlight.current?.abort();
        setState((current) => ({
          ...current,
          taxStatus: 'DONE',
          taxConfig: null,
          secondaryLocationServerError: null,
        }));
        return;
      }
      void load({
        country_code: country,
        secondary_location_info: secondaryLocation || null,
        ...(taxNumber ? { tax_number: taxNumber } : {}),
      });
    },
    [load],
  );

  /** A server tax error on submit shows on the secondary location field (checkout §5). */
  const showSecondaryLocationError = useCallback(
    (text: string) =>
      setState((current) => ({ ...current, taxConfig: null, secondaryLocationServerError: text })),
    [],
  );

  useEffect(() => {
    if (!enabled) return;
    void load();
    return () => inFlight.current?.abort();
  }, [enabled, load]);

  return { state, reload: load, changeBilling, showSecondaryLocationError };
}
