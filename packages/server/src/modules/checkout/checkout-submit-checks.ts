import {
  CHECKOUT_MESSAGES,
  formatMoney,
  money,
  secondaryLocationError,
  type CheckoutSubmitRequest,
} from '@lectern/domain';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import { creditDoesNotCover } from './checkout-answers.js';
import type { CheckoutMethodPlugin, MethodMarket, MethodStatuses } from './checkout-methods.js';
import type { CheckoutQuote } from './checkout-quote.js';
import type { HoldConflict } from './checkout.repository.js';

// The refusals of a submit before anything is charged (checkout §4, design §4): each is an
// answer the buyer can act on, and none stores anything.

/** The price the buyer saw differs from the server's: nothing was charged (design §4). */
export const priceChanged = (
  quote: CheckoutQuote,
  seen: { amount: number; currency: string },
  locale: string,
) => {
  const now = formatMoney(money(quote.total, quote.currency), locale);
  return new HttpError(
    409,
    'price_changed',
    seen.currency.toUpperCase() === quote.currency
      ? `The total of your order changed from ${formatMoney(money(seen.amount, quote.currency), locale)} to ${now}. Please review it and submit again; nothing was charged.`
      : `The total of your order is now ${now}. Please review it and submit again; nothing was charged.`,
  );
};

/** Another live attempt of the buyer holds a course of this one (two tabs, a retry). */
export const heldElsewhere = (conflicts: HoldConflict[], quote: CheckoutQuote) => {
  const titles = conflicts.map(
    (conflict) => quote.lines.find((line) => line.courseId === conflict.buyableId)?.title ?? 'this course',
  );
  const owned = conflicts.some((conflict) => conflict.status === 'succeeded');
  return new HttpError(
    409,
    owned ? 'already_owned' : 'purchase_in_progress',
    owned
      ? `You already own “${titles[0]}”, so it cannot be bought again.`
      : `“${titles[0]}” is already being paid for in another checkout. Finish or close that one first; nothing was charged here.`,
  );
};

/**
 * The checks of a priced submit, in this order: credit alone for an order the credit does not
 * cover; a billing location that cannot be taxed; a total other than the one the buyer agreed
 * to; the method (the free or credit one where nothing is charged, else one offered in the
 * market, up at the provider, with complete credentials). Throws the first refusal; resolves to
 * the method of an order no provider charges ('Free', 'Credit'), else null.
 */
export async function checkSubmit(args: {
  quote: CheckoutQuote;
  taxError: string | null;
  locationMissing: boolean;
  request: Pick<CheckoutSubmitRequest, 'payment_info' | 'expected_total'>;
  /** The plugin of the submitted vendor and type, if any. */
  plugin: CheckoutMethodPlugin | undefined;
  market: MethodMarket;
  /** How the buyer's amounts are written (the price change's message). */
  locale: string;
  /** The provider's method statuses: asked only of a method offered in the market. */
  methodStatuses: () => Promise<MethodStatuses>;
}): Promise<'Free' | 'Credit' | null> {
  const { quote, taxError, locationMissing, request, plugin, market } = args;
  const info = request.payment_info;
  // Sent as paid by credit alone, priced now beyond the credit (another order may have
  // spent it first): the reason, not "this method is not offered".
  if (info.payment_vendor === 'Credit' && !quote.isFree && !quote.isFullyPaidByCredit) {
    throw creditDoesNotCover();
  }
  if (!quote.isFree) {
    if (locationMissing || taxError) {
      throw validationError({
        'billing_address.secondary_location_info': [
          taxError ?? secondaryLocationError(quote.country, null) ?? CHECKOUT_MESSAGES.billingRequired,
        ],
      });
    }
  }
  // The buyer agreed to the total they saw: any other price is theirs to review first.
  const seen = request.expected_total;
  if (seen && (seen.amount !== quote.total || seen.currency.toUpperCase() !== quote.currency)) {
    throw priceChanged(quote, seen, args.locale);
  }
  const expected = quote.isFree ? 'Free' : quote.isFullyPaidByCredit ? 'Credit' : null;
  let methodErrors: Record<string, string[]> | null = null;
  if (expected !== null) {
    if (info.payment_vendor !== expected) {
      methodErrors = {
        'payment_info.payment_vendor': [
          `This order is paid with the ${expected === 'Free' ? 'free' : 'credit'} method.`,
        ],
      };
    }
  } else if (!plugin || !plugin.offeredIn(market)) {
    methodErrors = {
      'payment_info.payment_vendor': ['This payment method is not offered for this order.'],
    };
  } else if (plugin.gatewayStatus(await args.methodStatuses(), info.payment_method) === 'down') {
    // Checkout §4/§5: a method whose provider is down is rejected.
    methodErrors = { 'payment_info.payment_vendor': [CHECKOUT_MESSAGES.selectAvailableMethod] };
  } else {
    methodErrors = plugin.credentialsError(info, market);
  }
  if (methodErrors) throw validationError(methodErrors);
  return expected;
}
