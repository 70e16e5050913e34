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

export interface ProviderSdk {
  createPaymentMethod(data: {
    type: 'card';
    card: { number: string; exp_month: number; exp_year: number; cvc: string };
    billing_details?: { name?: string; address?: { country?: string; postal_code?: string } };
  }): Promise<{ paymentMethod?: ProviderPaymentMethod; error?: ProviderError }>;
  /** Shows the intent's customer action (3-D Secure challenge in a modal frame). */
  handleCardAction(clientSecret: string): Promise<{
    paymentIntent?: ProviderPaymentIntent;
    error?: ProviderError & { payment_intent?: ProviderPaymentIntent };
  }>;
  /** Encrypts card fields as a JWE with the provider's public key (the `encrypted_*` credentials). */
  encryptCard(publicKey: string, fields: Record<string, string>): Promise<string>;
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
