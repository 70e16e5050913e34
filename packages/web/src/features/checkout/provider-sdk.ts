/**
 * The payment provider's browser SDK (the sandbox's `LecternSandbox`, shaped like Stripe.js),
 * loaded at run time from the provider's own URL so card data goes from the browser straight
 * to the provider and never through our server (design §4).
 */
export interface ProviderError {
  type?: string;
  code?: string;
  decline_code?: string;
  param?: string;
  message?: string;
}

export interface ProviderPaymentMethod {
  id: string;
  card?: { brand: string; last4: string; country?: string | null };
}

export interface ProviderPaymentIntent {
  id: string;
  status: string;
}

/** A postal address as the provider takes it in `billing_details`. */
export interface ProviderAddress {
  line1?: string;
  city?: string;
  state?: string;
  country?: string;
  postal_code?: string;
}

/** What `createPaymentMethod` takes: a card, or a buy-now-pay-later method. */
export type ProviderPaymentMethodData =
  | {
      type: 'card';
      card: { number: string; exp_month: number; exp_year: number; cvc: string };
      billing_details?: { name?: string; address?: Pick<ProviderAddress, 'country' | 'postal_code'> };
    }
  | {
      /** The provider requires the buyer's name, e-mail and address for this one. */
      type: 'afterpay_clearpay';
      billing_details: { name: string; email: string; address: ProviderAddress };
    }
  | { type: 'affirm'; billing_details?: { name?: string; email?: string } };

/** The outcome of a confirmation or an action: the intent, or the provider's error. */
export interface ProviderIntentResult {
  paymentIntent?: ProviderPaymentIntent;
  error?: ProviderError & { payment_intent?: ProviderPaymentIntent };
}

/** The `paymentmethod` event of a payment request: the wallet's card, to be charged by us. */
export interface ProviderWalletEvent {
  paymentMethod: ProviderPaymentMethod;
  walletName?: string;
  /** Closes the pay sheet, telling the wallet how the payment ended. */
  complete(status: 'success' | 'fail'): void;
}

/** A wallet payment request (Apple Pay / Google Pay through the provider). */
export interface ProviderPaymentRequest {
  /** The wallets this device can pay with, or null when none. */
  canMakePayment(): Promise<{ applePay: boolean; googlePay: boolean } | null>;
  /** Opens the wallet's pay sheet (the sandbox lets the caller pick the wallet). */
  show(wallet?: string): void;
  update(details: { total: { label: string; amount: number } }): void;
  on(event: 'paymentmethod', handler: (event: ProviderWalletEvent) => void): ProviderPaymentRequest;
  on(event: 'cancel', handler: () => void): ProviderPaymentRequest;
  off(event: 'paymentmethod' | 'cancel', handler: (...args: never[]) => void): ProviderPaymentRequest;
}

/** How a buy-now-pay-later payment the server created is confirmed (the approval page follows). */
export interface ProviderConfirmData {
  payment_method: string;
  return_url: string;
}

export interface ProviderSdk {
  createPaymentMethod(
    data: ProviderPaymentMethodData,
  ): Promise<{ paymentMethod?: ProviderPaymentMethod; error?: ProviderError }>;
  /** Shows the intent's customer action (3-D Secure challenge in a modal frame). */
  handleCardAction(clientSecret: string): Promise<ProviderIntentResult>;
  /** Confirms a card setup (subscriptions store a card), showing 3-D Secure when the card needs it. */
  confirmCardSetup(
    clientSecret: string,
    data?: { payment_method?: string },
  ): Promise<{ setupIntent?: { id: string; status: string }; error?: ProviderError }>;
  /** Encrypts card fields as a JWE with the provider's public key (the `encrypted_*` credentials). */
  encryptCard(publicKey: string, fields: Record<string, string>): Promise<string>;
  /** A wallet payment request; `currency` lower-case, `amount` in minor units (as Stripe.js). */
  paymentRequest(details: {
    country: string;
    currency: string;
    total: { label: string; amount: number };
  }): ProviderPaymentRequest;
  /** Both redirect to the provider's approval page, which returns to `return_url`. */
  confirmAffirmPayment(clientSecret: string, data: ProviderConfirmData): Promise<ProviderIntentResult>;
  confirmAfterpayClearpayPayment(
    clientSecret: string,
    data: ProviderConfirmData,
  ): Promise<ProviderIntentResult>;
}

type SdkFactory = (publishableKey: string) => ProviderSdk;

declare global {
  interface Window {
    LecternSandbox?: SdkFactory;
  }
}

const loading = new Map<string, Promise<SdkFactory>>();

/** Loads the SDK script once per URL. */
function loadScript(url: string): Promise<SdkFactory> {
  const existing = loading.get(url);
  if (existing) return existing;
  const promise = new Promise<SdkFactory>((resolve, reject) => {
    if (window.LecternSandbox) {
      resolve(window.LecternSandbox);
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.LecternSandbox
        ? resolve(window.LecternSandbox)
        : reject(new Error(`The payment SDK at ${url} did not define LecternSandbox.`));
    script.onerror = () => reject(new Error(`The payment SDK could not be loaded from ${url}.`));
    document.head.appendChild(script);
  });
  // A failed load may be retried later (a flaky network).
  promise.catch(() => loading.delete(url));
  loading.set(url, promise);
  return promise;
}

const instances = new Map<string, Promise<ProviderSdk>>();

/** The SDK for a publishable key, loading its script on first use. */
export function providerSdk(url: string, publishableKey: string): Promise<ProviderSdk> {
  const key = `${url} ${publishableKey}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = loadScript(url).then((factory) => factory(publishableKey));
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}
