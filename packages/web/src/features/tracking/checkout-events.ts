import {
  TRACKING_LOCAL_STORAGE,
  type BuyableRef,
  type CheckoutItemData,
  type CheckoutReceipt,
} from '@lectern/domain';
import { useEffect, useMemo } from 'react';
import { useTrackingServices } from './tracking-services';

/** The schema's limit for `couponCode`. */
const COUPON_CODE_MAX = 255;

/** `{id, buyable_object_type}` of each checkout item, as the event schema wants them. */
export function checkoutBuyables(items: readonly CheckoutItemData[]): BuyableRef[] {
  return items.map((item) => ({ id: item.buyableId, buyable_object_type: item.buyableType }));
}

/**
 * The event's one `couponCode` for the codes applied to the items: the distinct codes joined
 * by commas (a code never holds one), keeping whole codes within the field's 255 characters.
 */
export function checkoutCouponCode(codes: readonly (string | null | undefined)[]): string | undefined {
  let joined = '';
  for (const code of new Set(codes.filter((value): value is string => !!value))) {
    const next = joined ? `${joined},${code}` : code;
    if (next.length <= COUPON_CODE_MAX) joined = next;
  }
  return joined || undefined;
}

/** What the submit knew that the success page cannot (its receipt has no codes). */
interface AttemptContext {
  couponCode?: string;
  paymentMethod?: string;
  checkoutRef?: string;
}

/** Only the known text fields of a stored context (storage is the visitor's to edit). */
function attemptContextOf(value: unknown): AttemptContext {
  if (typeof value !== 'object' || value === null) return {};
  const stored = value as Record<string, unknown>;
  const context: AttemptContext = {};
  for (const field of ['couponCode', 'paymentMethod', 'checkoutRef'] as const) {
    const text = stored[field];
    if (typeof text === 'string' && text !== '') context[field] = text;
  }
  return context;
}

const attemptKey = (paymentAttemptId: string) => `checkout.attempt.${paymentAttemptId}`;
const orderKey = (orderId: number) => `checkout.order.${orderId}`;

export interface CheckoutSubmitDetails {
  chargeType: 'free' | 'paid';
  /** The method's type, e.g. `card`. */
  paymentMethod: string;
  checkoutRef: string;
}

export interface CheckoutTracking {
  /** CheckoutSubmit: the buyer pressed pay and the attempt is being sent. */
  submitted(details: CheckoutSubmitDetails): void;
  /**
   * The server took the attempt (succeeded or sent to a payment page): keep its coupon and
   * method for 15 minutes (checkout §9), for the success page's event.
   */
  attemptAccepted(paymentAttemptId: string, details: Omit<CheckoutSubmitDetails, 'chargeType'>): void;
}

/**
 * Checkout §7 events of the checkout page: CheckoutPageView when it shows the items,
 * CheckoutPageLeave when the buyer leaves (another route, or the tab closing or reloading),
 * and the submit helpers above.
 */
export function useCheckoutTracking(items: readonly CheckoutItemData[]): CheckoutTracking {
  const { tracker, client, storage } = useTrackingServices();
  const couponCode = useMemo(() => checkoutCouponCode(items.map((item) => item.discountInfo?.code)), [items]);

  useEffect(() => {
    const fields = { buyables: checkoutBuyables(items), ...(couponCode ? { couponCode } : {}) };
    tracker.track('CheckoutPageView', fields);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      tracker.track('CheckoutPageLeave', fields);
    };
    const onPageHide = () => {
      leave();
      // The client's own page-hide beacon ran before this listener; send the leave too.
      client.flushWithBeacon();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      leave();
    };
  }, [items, couponCode, tracker, client]);

  return useMemo(
    () => ({
      submitted({ chargeType, paymentMethod, checkoutRef }) {
        tracker.track('CheckoutSubmit', {
          buyables: checkoutBuyables(items),
          chargeType,
          paymentMethod,
          checkoutRef,
          ...(couponCode ? { couponCode } : {}),
        });
      },
      attemptAccepted(paymentAttemptId, { paymentMethod, checkoutRef }) {
        // Kept only for an event that may be sent.
        if (!tracker.allows('CheckoutSubmitSuccess')) return;
        const context: AttemptContext = { paymentMethod, checkoutRef, ...(couponCode ? { couponCode } : {}) };
        storage.set(attemptKey(paymentAttemptId), context, TRACKING_LOCAL_STORAGE.eventValidityMs);
      },
    }),
    [items, couponCode, tracker, storage],
  );
}

/**
 * CheckoutSubmitSuccess once per order: the success page sends it when the receipt shows the
 * order, and remembers the order id for 24 hours (checkout §9) so a reload or a second visit
 * does not send it again. Charge type and buyables come from the order; the coupon and
 * method from what the checkout page kept for this attempt, when it is still there.
 */
export function useCheckoutSuccessTracking(
  paymentAttemptId: string,
  order: CheckoutReceipt['order'] | undefined,
): void {
  const { tracker, storage } = useTrackingServices();
  useEffect(() => {
    if (!order || storage.has(orderKey(order.id))) return;
    const context = attemptContextOf(storage.get(attemptKey(paymentAttemptId)));
    const sent = tracker.track('CheckoutSubmitSuccess', {
      ...context,
      orderId: order.id,
      chargeType: order.total.amount + order.credit_used.amount > 0 ? 'paid' : 'free',
      buyables: order.lines.map((line) => ({
        id: line.buyable.id,
        buyable_object_type: line.buyable.buyable_object_type,
      })),
    });
    if (!sent) return;
    storage.set(orderKey(order.id), true);
    storage.remove(attemptKey(paymentAttemptId));
  }, [order, paymentAttemptId, tracker, storage]);
}
