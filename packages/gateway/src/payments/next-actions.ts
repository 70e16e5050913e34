import { randomInt } from 'node:crypto';
import { randomToken } from '../core/ids.js';
import type { NextAction } from '../core/objects.js';
import type { ActionKind } from './actions.js';

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');

/**
 * The number printed on a voucher, the Pix copy-and-paste code (EMV-like, sandbox domain), or
 * a doku payment code / virtual account number (16 digits).
 */
export function voucherReference(type: string): string {
  if (type === 'pix') {
    return `00020101021226850014br.gov.bcb.pix2563sandbox.lectern.test/qr/${randomToken(20)}5204000053039865802BR`;
  }
  if (type === 'doku') return digits(16);
  return digits(type === 'oxxo' ? 18 : 47);
}

/**
 * Stripe's `next_action` for a hosted page: 3-D Secure is `use_stripe_sdk` when the browser
 * SDK confirmed (or no return URL was given), else `redirect_to_url`; vouchers and Pix show
 * their display details; BNPL and bank approvals redirect.
 */
export function buildNextAction(input: {
  kind: ActionKind;
  type: string;
  page: string;
  useSdk: boolean;
  returnUrl: string | null;
  expiresAt: number | null;
  reference: string | null;
  /** doku: where the voucher is paid (`doku[channel]` of the payment method). */
  channel?: string | null;
}): NextAction {
  const { kind, type, page, returnUrl } = input;
  const expiresAt = input.expiresAt ?? 0;
  const reference = input.reference ?? '';
  if (kind === 'three_d_secure' && (input.useSdk || !returnUrl)) {
    return {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page, source: page.split('/').pop()! },
    };
  }
  if (kind === 'voucher' && type === 'boleto') {
    return {
      type: 'boleto_display_details',
      boleto_display_details: {
        expires_at: expiresAt,
        hosted_voucher_url: page,
        number: reference,
        pdf: page,
      },
    };
  }
  if (kind === 'voucher' && type === 'oxxo') {
    return {
      type: 'oxxo_display_details',
      oxxo_display_details: { expires_after: expiresAt, hosted_voucher_url: page, number: reference },
    };
  }
  if (kind === 'voucher' && type === 'doku') {
    return {
      type: 'doku_display_details',
      doku_display_details: {
        expires_at: expiresAt,
        hosted_voucher_url: page,
        number: reference,
        channel: input.channel ?? '',
      },
    };
  }
  if (kind === 'voucher') {
    return {
      type: 'pix_display_qr_code',
      pix_display_qr_code: { data: reference, expires_at: expiresAt, hosted_instructions_url: page },
    };
  }
  return { type: 'redirect_to_url', redirect_to_url: { url: page, return_url: returnUrl } };
}
