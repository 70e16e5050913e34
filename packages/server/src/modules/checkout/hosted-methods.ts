import {
  accountHolderError,
  documentError,
  EURO_COUNTRIES,
  HOSTED_METHOD_MESSAGES,
  ibanError,
  normalizeDocument,
  normalizeIban,
  type CheckoutProduct,
  type CurrencyCode,
  type HostedStateData,
  type PaymentMethodOptions,
  type PaymentVendor,
} from '@lectern/domain';
import type { GatewayMethodType } from '../payments/payment-gateway.js';
import { statusOf, type CheckoutMethodPlugin, type MethodMarket } from './checkout-methods.js';

/**
 * Redirect, debit and voucher methods (checkout §1, §9): the form collects a little "state
 * data" (a bank, an account, a document), the server creates the payment method and confirms
 * the payment with the success page as return URL. The buyer then approves at the provider's
 * page (banks, wallets) or pays a voucher later; either way the success page follows the
 * attempt, and the provider's webhook settles it.
 */
interface HostedMethodSpec {
  methodId: number;
  vendor: PaymentVendor;
  type: string;
  name: string;
  gatewayType: GatewayMethodType;
  /** Billing countries it is sold in; 'everywhere' for the wallet. */
  countries: readonly string[] | 'everywhere';
  /** Absent: any currency. */
  currencies?: readonly CurrencyCode[];
  products: readonly CheckoutProduct[];
  options?: PaymentMethodOptions;
  /** The state data checked and turned into the provider's details (field errors otherwise). */
  details(state: HostedStateData, market: MethodMarket): Details | FieldErrors;
}

type Details = { details: Record<string, string>; holderName?: string };
type FieldErrors = { errors: Record<string, string[]> };

const ONE_TIME: readonly CheckoutProduct[] = ['course'];
const ALL_PRODUCTS: readonly CheckoutProduct[] = [
  'course',
  'consumer_subscription',
  'organization_subscription',
];
const field = (name: keyof HostedStateData) => `payment_info.credentials.state_data.${name}`;
const none = (): Details => ({ details: {} });

export const IDEAL_ISSUERS = [
  { issuer_id: 'abn_amro', name: 'ABN AMRO' },
  { issuer_id: 'asn_bank', name: 'ASN Bank' },
  { issuer_id: 'bunq', name: 'bunq' },
  { issuer_id: 'ing', name: 'ING' },
  { issuer_id: 'knab', name: 'Knab' },
  { issuer_id: 'rabobank', name: 'Rabobank' },
  { issuer_id: 'regiobank', name: 'RegioBank' },
  { issuer_id: 'revolut', name: 'Revolut' },
  { issuer_id: 'sns_bank', name: 'SNS Bank' },
  { issuer_id: 'triodos_bank', name: 'Triodos Bank' },
  { issuer_id: 'van_lanschot', name: 'Van Lanschot' },
];
export const NETBANKING_BANKS = [
  { issuer_id: 'sbi', name: 'State Bank of India' },
  { issuer_id: 'hdfc', name: 'HDFC Bank' },
  { issuer_id: 'icici', name: 'ICICI Bank' },
  { issuer_id: 'axis', name: 'Axis Bank' },
  { issuer_id: 'kotak', name: 'Kotak Mahindra Bank' },
];
export const UPI_APPS = [
  { app_id: 'google_pay', name: 'Google Pay' },
  { app_id: 'phonepe', name: 'PhonePe' },
  { app_id: 'paytm', name: 'Paytm' },
  { app_id: 'bhim', name: 'BHIM' },
];
/** SEPA direct debit charges euros: it is sold in the euro area. */
export const SEPA_COUNTRIES = EURO_COUNTRIES;
const SOFORT_COUNTRIES = ['AT', 'BE', 'DE', 'ES', 'IT', 'NL'];

/** A choice from a list the method offers (a bank, an app). */
const chosen =
  (list: readonly { id: string }[], name: 'issuer_id' | 'app_id', message: string, required: boolean) =>
  (state: HostedStateData): Details | FieldErrors => {
    const value = state[name];
    if (value === undefined || value === '') {
      return required ? { errors: { [field(name)]: [message] } } : none();
    }
    return list.some((item) => item.id === value)
      ? { details: { bank: value } }
      : { errors: { [field(name)]: [message] } };
  };

const dokuChannel = (channel: string) => (): Details => ({ details: { channel } });

export const HOSTED_METHODS: readonly HostedMethodSpec[] = [
  {
    methodId: 10,
    vendor: 'CardEncrypted',
    type: 'ideal',
    name: 'iDEAL',
    gatewayType: 'ideal',
    countries: ['NL'],
    currencies: ['EUR'],
    products: ONE_TIME,
    options: { issuers: IDEAL_ISSUERS },
    details: chosen(
      IDEAL_ISSUERS.map((issuer) => ({ id: issuer.issuer_id })),
      'issuer_id',
      HOSTED_METHOD_MESSAGES.selectBank,
      true,
    ),
  },
  {
    methodId: 11,
    vendor: 'CardEncrypted',
    type: 'directEbanking',
    name: 'Sofort',
    gatewayType: 'sofort',
    countries: SOFORT_COUNTRIES,
    currencies: ['EUR'],
    products: ONE_TIME,
    details: (_state, market) => ({ details: { country: market.country } }),
  },
  {
    methodId: 12,
    vendor: 'CardEncrypted',
    type: 'sepadirectdebit',
    name: 'SEPA Direct Debit',
    gatewayType: 'sepa_debit',
    countries: SEPA_COUNTRIES,
    currencies: ['EUR'],
    products: ALL_PRODUCTS,
    details(state) {
      const errors: Record<string, string[]> = {};
      const iban = ibanError(state.iban ?? '');
      if (iban) errors[field('iban')] = [iban];
      const holder = accountHolderError(state.holder_name ?? '');
      if (holder) errors[field('holder_name')] = [holder];
      if (Object.keys(errors).length > 0) return { errors };
      return {
        details: { iban: normalizeIban(state.iban ?? '') },
        holderName: (state.holder_name ?? '').trim(),
      };
    },
  },
  ...(
    [
      [13, 'doku_alfamart', 'Alfamart', 'alfamart'],
      [14, 'doku_bca_va', 'BCA Virtual Account', 'bca_va'],
      [15, 'doku_mandiri_va', 'Mandiri Virtual Account', 'mandiri_va'],
      [16, 'doku_permata_lite_atm', 'Permata ATM', 'permata_lite_atm'],
    ] as const
  ).map(([methodId, type, name, channel]): HostedMethodSpec => ({
    methodId,
    vendor: 'CardEncrypted',
    type,
    name,
    gatewayType: 'doku',
    countries: ['ID'],
    currencies: ['IDR'],
    products: ONE_TIME,
    details: dokuChannel(channel),
  })),
  {
    methodId: 20,
    vendor: 'LocalPayments',
    type: 'boleto',
    name: 'Boleto',
    gatewayType: 'boleto',
    countries: ['BR'],
    currencies: ['BRL'],
    products: ONE_TIME,
    details(state) {
      const message = documentError('BR', state.document ?? '');
      if (message) return { errors: { [field('document')]: [message] } };
      return { details: { tax_id: normalizeDocument('BR', state.document ?? '') } };
    },
  },
  {
    methodId: 21,
    vendor: 'LocalPayments',
    type: 'pix',
    name: 'Pix',
    gatewayType: 'pix',
    countries: ['BR'],
    currencies: ['BRL'],
    products: ONE_TIME,
    details: none,
  },
  {
    methodId: 22,
    vendor: 'LocalPayments',
    type: 'oxxo',
    name: 'OXXO',
    gatewayType: 'oxxo',
    countries: ['MX'],
    currencies: ['MXN'],
    products: ONE_TIME,
    details: none,
  },
  {
    methodId: 23,
    vendor: 'LocalPayments',
    type: 'upi',
    name: 'UPI',
    gatewayType: 'upi',
    countries: ['IN'],
    currencies: ['INR'],
    products: ONE_TIME,
    options: { apps: UPI_APPS },
    // The app only picks which app opens; the sandbox needs no UPI id.
    details: (state) => {
      const app = chosen(
        UPI_APPS.map((item) => ({ id: item.app_id })),
        'app_id',
        HOSTED_METHOD_MESSAGES.selectUpiApp,
        false,
      )(state);
      return 'errors' in app ? app : none();
    },
  },
  {
    methodId: 24,
    vendor: 'LocalPayments',
    type: 'netbanking',
    name: 'Net banking',
    gatewayType: 'netbanking',
    countries: ['IN'],
    currencies: ['INR'],
    products: ONE_TIME,
    options: { issuers: NETBANKING_BANKS },
    details: chosen(
      NETBANKING_BANKS.map((bank) => ({ id: bank.issuer_id })),
      'issuer_id',
      HOSTED_METHOD_MESSAGES.selectBank,
      true,
    ),
  },
  {
    methodId: 30,
    vendor: 'Wallet',
    type: 'paypal',
    name: 'PayPal',
    gatewayType: 'paypal',
    countries: 'everywhere',
    products: ALL_PRODUCTS,
    details: none,
  },
];

const stateOf = (credentials: object): HostedStateData | null =>
  'state_data' in credentials && typeof credentials.state_data === 'object' && credentials.state_data !== null
    ? (credentials.state_data as HostedStateData)
    : null;

function hostedPlugin(spec: HostedMethodSpec): CheckoutMethodPlugin {
  const soldIn = (country: string) => spec.countries === 'everywhere' || spec.countries.includes(country);
  return {
    handles: [{ vendor: spec.vendor, type: spec.type }],
    flow: 'redirect',
    ...(spec.currencies ? { chargeCurrencies: spec.currencies } : {}),
    offeredIn: (market) => soldIn(market.country) && spec.products.includes(market.product),
    gatewayStatus: (statuses) => statusOf(statuses, spec.gatewayType),
    offer: (context) => [
      {
        method_id: spec.methodId,
        vendor: spec.vendor,
        mode: 'hosted',
        type: spec.type,
        name: spec.name,
        gateway_status: statusOf(context.statuses, spec.gatewayType),
        options: { ...spec.options },
      },
    ],
    credentialsError(info, market) {
      const state = stateOf(info.credentials);
      if (!state) return { 'payment_info.credentials': ['Send the method state_data.'] };
      const checked = spec.details(state, market);
      return 'errors' in checked ? checked.errors : null;
    },
    async pay(request) {
      const { gateway, attempt, buyer } = request;
      const checked = spec.details(stateOf(request.info.credentials) ?? {}, request.market);
      if ('errors' in checked) return { refused: 'n/a' };
      const method = await gateway.createPaymentMethod(
        {
          type: spec.gatewayType as Exclude<GatewayMethodType, 'card'>,
          details: checked.details,
          billingDetails: {
            name: checked.holderName ?? buyer.name,
            email: buyer.email,
            address: {
              country: attempt.quote.country,
              line1: null,
              line2: null,
              city: null,
              state: null,
              postalCode: null,
            },
          },
        },
        { idempotencyKey: request.idempotencyKey('method') },
      );
      return gateway.createPayment(
        {
          amount: request.amount,
          paymentMethodId: method.id,
          methodTypes: [spec.gatewayType],
          confirm: true,
          returnUrl: request.returnUrl,
          description: `Lectern order ${attempt.id}`,
          receiptEmail: buyer.email,
          metadata: { payment_attempt_id: attempt.id },
        },
        { idempotencyKey: request.idempotencyKey('payment') },
      );
    },
  };
}

export const hostedMethodPlugins: readonly CheckoutMethodPlugin[] = HOSTED_METHODS.map(hostedPlugin);
