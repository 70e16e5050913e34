import { createHmac } from 'node:crypto';
import { profileForTestCard, validateCard, type CardProfile } from '../cards/card-number.js';
import {
  availableNetworks,
  displayBrand,
  preferNetwork,
  PREFERRED_NETWORKS,
  type PreferredNetwork,
} from '../cards/networks.js';
import { findTestCardAlias } from '../cards/test-cards.js';
import type { SandboxContext } from '../context.js';
import { newId, nowSeconds } from '../core/ids.js';
import { emptyAddress, type BillingDetails, type CardDetails, type PaymentMethod } from '../core/objects.js';
import type { Params } from '../core/params.js';
import type { PaymentMethodState } from '../core/store.js';
import { invalidParam, invalidRequest, missingParam, resourceMissing } from '../core/stripe-error.js';
import type { KeyKind } from '../http/auth.js';
import { DOKU_CHANNELS, METHOD_TYPE_NAMES, methodType } from '../payments/method-types.js';

const ADDRESS_FIELDS = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const;

export function parseBillingDetails(params: Params | undefined): BillingDetails {
  const details: BillingDetails = {
    address: emptyAddress(),
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  };
  if (!params) return details;
  params.allowOnly(['address', 'email', 'name', 'phone', 'tax_id']);
  details.email = params.nullableString('email', 800) ?? null;
  details.name = params.nullableString('name', 300) ?? null;
  details.phone = params.nullableString('phone', 50) ?? null;
  details.tax_id = params.nullableString('tax_id', 50) ?? null;
  const address = params.object('address');
  if (address) {
    address.allowOnly(ADDRESS_FIELDS);
    for (const field of ADDRESS_FIELDS) details.address[field] = address.nullableString(field, 200) ?? null;
  }
  return details;
}

/** Valid IBAN (ISO 13616 mod-97). The sandbox's failing test IBANs end in …3001 / …3202. */
function parseIban(raw: string, param: string): { iban: string; settles: 'succeeds' | 'fails' } {
  const iban = raw.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban))
    throw invalidParam(param, 'The IBAN you provided is invalid.');
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  if (remainder !== 1) throw invalidParam(param, 'The IBAN you provided is invalid.');
  const fails = ['DE62370400440532013001', 'AT861904300235473202', 'NL39RABO0300065264'].includes(iban);
  return { iban, settles: fails ? 'fails' : 'succeeds' };
}

/** `card[networks][preferred]`: the customer's choice of network for a co-branded card. */
export function preferredNetworkParam(card: Params): PreferredNetwork | undefined {
  const networks = card.object('networks');
  networks?.allowOnly(['preferred']);
  return networks?.enumValue('preferred', PREFERRED_NETWORKS);
}

export function cardDetails(profile: CardProfile, wallet: CardDetails['wallet'] = null): CardDetails {
  const { card } = profile;
  return {
    brand: card.brand,
    checks: {
      address_line1_check: null,
      address_postal_code_check: null,
      cvc_check: profile.cvcProvided ? (card.cvcCheckFails ? 'fail' : 'pass') : null,
    },
    country: card.country,
    display_brand: displayBrand(card.brand),
    exp_month: profile.expMonth,
    exp_year: profile.expYear,
    fingerprint: profile.fingerprint,
    funding: card.funding,
    generated_from: null,
    iin: profile.iin,
    issuer: 'Lectern Sandbox Bank',
    last4: profile.last4,
    networks: { available: availableNetworks(card), preferred: null },
    three_d_secure_usage: { supported: true },
    wallet,
  };
}

function store(ctx: SandboxContext, pm: PaymentMethod, state: PaymentMethodState): PaymentMethod {
  ctx.store.paymentMethods.set(pm.id, pm);
  ctx.store.paymentMethodState.set(pm.id, state);
  return pm;
}

function base(type: string, billing: BillingDetails, metadata: Record<string, string>): PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billing,
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata,
    type,
  };
}

export function createCardPaymentMethod(
  ctx: SandboxContext,
  profile: CardProfile,
  billing: BillingDetails,
  metadata: Record<string, string> = {},
  wallet: CardDetails['wallet'] = null,
): PaymentMethod {
  const pm = base('card', billing, metadata);
  pm.card = cardDetails(profile, wallet);
  return store(ctx, pm, { card: profile, setUpForOffSession: false, consumed: false });
}

async function cardProfileFrom(ctx: SandboxContext, card: Params, via: KeyKind): Promise<CardProfile> {
  card.allowOnly(['number', 'exp_month', 'exp_year', 'cvc', 'encrypted_data', 'token', 'networks']);
  const encrypted = card.string('encrypted_data');
  if (encrypted !== undefined) {
    const fields = await ctx.encryption.decrypt(encrypted, card.name('encrypted_data'));
    return validateCard(
      {
        number: fields.number,
        expMonth: Number(fields.expiryMonth),
        expYear: Number(fields.expiryYear),
        cvc: fields.cvc,
      },
      ctx.fingerprintSecret,
    );
  }
  const token = card.string('token');
  if (token !== undefined) {
    const alias = findTestCardAlias(token.replace(/^tok_/, 'pm_card_'));
    if (!alias) throw resourceMissing('token', token, card.name('token'));
    return profileForTestCard(alias, ctx.fingerprintSecret);
  }
  if (via === 'secret' && !ctx.testMode) {
    throw invalidRequest(
      'Sending credit card numbers directly to the API is unsafe; use the browser SDK, or card[encrypted_data].',
      { param: card.name('number') },
    );
  }
  return validateCard(
    {
      number: card.requiredString('number'),
      expMonth: card.int('exp_month', { required: true })!,
      expYear: card.int('exp_year', { required: true })!,
      cvc: card.string('cvc'),
    },
    ctx.fingerprintSecret,
  );
}

/** `POST /v1/payment_methods` and `payment_method_data` on intents. */
export async function createPaymentMethod(
  ctx: SandboxContext,
  params: Params,
  via: KeyKind,
): Promise<PaymentMethod> {
  const type = params.enumValue('type', METHOD_TYPE_NAMES, true)!;
  params.allowOnly(['type', 'billing_details', 'metadata', 'allow_redisplay', 'expand', type]);
  const billing = parseBillingDetails(params.object('billing_details'));
  const metadata = params.metadata() ?? {};
  const info = methodType(type)!;
  for (const field of info.requiredBilling ?? []) {
    const present = field === 'address' ? billing.address.line1 && billing.address.country : billing[field];
    if (!present) throw missingParam(`billing_details[${field === 'address' ? 'address][line1' : field}]`);
  }
  const details = params.object(
    type,
    type === 'card' || type === 'sepa_debit' || type === 'boleto' || type === 'sofort' || type === 'doku',
  );
  if (type === 'card') {
    const preferred = preferredNetworkParam(details!);
    const pm = createCardPaymentMethod(ctx, await cardProfileFrom(ctx, details!, via), billing, metadata);
    if (preferred) preferNetwork(pm.card!, preferred);
    const redisplay = params.enumValue('allow_redisplay', ['always', 'limited', 'unspecified'] as const);
    if (redisplay) pm.allow_redisplay = redisplay;
    return pm;
  }
  const pm = base(type, billing, metadata);
  const state: PaymentMethodState = { setUpForOffSession: false, consumed: false };
  const fingerprint = (value: string) =>
    createHmac('sha256', ctx.fingerprintSecret).update(value).digest('base64url').slice(0, 16);
  switch (type) {
    case 'sepa_debit': {
      details!.allowOnly(['iban']);
      const { iban, settles } = parseIban(details!.requiredString('iban'), details!.name('iban'));
      state.debitSettles = settles;
      pm.sepa_debit = {
        bank_code: iban.slice(4, 12),
        branch_code: '',
        country: iban.slice(0, 2),
        fingerprint: fingerprint(iban),
        generated_from: null,
        last4: iban.slice(-4),
      };
      break;
    }
    case 'boleto': {
      details!.allowOnly(['tax_id']);
      const taxId = details!.requiredString('tax_id').replace(/\D/g, '');
      if (taxId.length !== 11 && taxId.length !== 14) {
        throw invalidParam(
          details!.name('tax_id'),
          'The tax_id must be a CPF (11 digits) or a CNPJ (14 digits).',
        );
      }
      pm.boleto = { tax_id: taxId };
      break;
    }
    case 'sofort': {
      details!.allowOnly(['country']);
      const country = details!.enumValue('country', ['AT', 'BE', 'DE', 'ES', 'IT', 'NL'] as const, true)!;
      pm.sofort = { country };
      break;
    }
    case 'doku': {
      details!.allowOnly(['channel']);
      pm.doku = { channel: details!.enumValue('channel', DOKU_CHANNELS, true)! };
      break;
    }
    case 'ideal': {
      details?.allowOnly(['bank']);
      const bank = details?.string('bank', { max: 40 }) ?? null;
      pm.ideal = { bank, bic: bank ? `${bank.slice(0, 4).toUpperCase()}NL2A` : null };
      break;
    }
    case 'upi': {
      details?.allowOnly(['vpa']);
      const vpa = details?.string('vpa', { max: 100 });
      if (vpa !== undefined && !/^[\w.-]+@[\w.-]+$/.test(vpa)) {
        throw invalidParam(details!.name('vpa'), 'The UPI id must look like name@bank.');
      }
      pm.upi = { vpa: vpa ?? null };
      break;
    }
    case 'netbanking': {
      details?.allowOnly(['bank']);
      pm.netbanking = { bank: details?.string('bank', { max: 40 }) ?? null };
      break;
    }
    default:
      details?.allowOnly([]);
      pm[type] = {};
  }
  return store(ctx, pm, state);
}

/** A PaymentMethod by id, or a fresh one for Stripe's test ids (`pm_card_visa`). */
export function resolvePaymentMethod(
  ctx: SandboxContext,
  id: string,
  param = 'payment_method',
): PaymentMethod {
  const existing = ctx.store.paymentMethods.get(id);
  if (existing) return existing;
  const alias = findTestCardAlias(id);
  if (alias) {
    return createCardPaymentMethod(
      ctx,
      profileForTestCard(alias, ctx.fingerprintSecret),
      parseBillingDetails(undefined),
    );
  }
  throw resourceMissing('PaymentMethod', id, param);
}

/** The payment method an intent create/confirm names: `payment_method_data` or `payment_method`. */
export async function paymentMethodFromParams(
  ctx: SandboxContext,
  params: Params,
  via: KeyKind,
): Promise<PaymentMethod | undefined> {
  const data = params.object('payment_method_data');
  const id = params.string('payment_method');
  if (data && id) {
    throw invalidRequest(
      'You may only specify one of these parameters: payment_method, payment_method_data.',
      {
        param: 'payment_method_data',
      },
    );
  }
  if (data) return createPaymentMethod(ctx, data, via);
  if (id === undefined || id === '') return undefined;
  return resolvePaymentMethod(ctx, id);
}
