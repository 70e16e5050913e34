import {
  CART_MESSAGES,
  isWellFormedCouponCode,
  normalizeCouponCode,
  type DiscountAttempt,
} from '@lectern/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { reportError } from '../../platform/report-error';
import { PlainButton } from '../../ui/plain-button';
import { PlainAlert, PlainCloseButton, PlainTextField } from '../../ui/plain-form';
import { useHydrated } from '../../ui/use-hydrated';
import { cartErrorMessageId } from './cart-errors';
import { useCart, useCartClient } from './cart-provider';
import classes from './cart.module.css';

type Rejected = Exclude<DiscountAttempt['status'], 'valid'>;

/** Platform §8: one message per reason, naming every code it applies to. */
const REJECTED_MESSAGES: Record<Rejected, MessageId> = {
  invalid: 'cart.coupon.invalid',
  expired: 'cart.coupon.expired',
  sold_out: 'cart.coupon.soldOut',
};

interface Outcome {
  applied: string[];
  error: MessageId | null;
}

/** A refused code's own §8 sentence when it is not the usual "is invalid, and has been removed". */
function rejectedCodeMessageId(detail: string | undefined): MessageId | null {
  if (detail === CART_MESSAGES.codeNotValidForCourse) return 'cart.coupon.notValidForCourse';
  if (detail === CART_MESSAGES.codeAlreadyUsed) return 'cart.coupon.alreadyUsed';
  return null;
}

/** Announcement lines: codes with their own sentence alone, the rest grouped by reason. */
function rejectedLines(attempts: readonly DiscountAttempt[]) {
  const own: { code: string; message: MessageId }[] = [];
  const grouped: Partial<Record<Rejected, string[]>> = {};
  for (const attempt of attempts) {
    if (attempt.status === 'valid') continue;
    const message = rejectedCodeMessageId(attempt.detail);
    if (message) own.push({ code: attempt.code, message });
    else grouped[attempt.status] = [...(grouped[attempt.status] ?? []), attempt.code];
  }
  return { own, grouped: Object.entries(grouped) as [Rejected, string[]][] };
}

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * The coupon box: a code is checked for form (platform §5), upper-cased and applied. Codes
 * the server refuses are announced (role=alert) and are not kept; applied codes are listed
 * with a button to remove each. Island-safe (it is part of the cart island); until hydrated
 * its button is disabled, so the form cannot be sent the browser's way.
 */
export function CouponBox() {
  const intl = useIntl();
  const cart = useCartClient();
  const hydrated = useHydrated();
  const { state, rejectedCodes } = useCart();
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const [applying, setApplying] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (applying) return;
    if (!isWellFormedCouponCode(code.trim())) {
      setMalformed(true);
      return;
    }
    setApplying(true);
    setOutcome(null);
    try {
      const attempts = await cart.applyCodes([normalizeCouponCode(code.trim())]);
      setOutcome({
        applied: attempts.filter((attempt) => attempt.status === 'valid').map((attempt) => attempt.code),
        error: null,
      });
    } catch (error) {
      reportError(error, { action: 'apply-coupon' });
      setOutcome({ applied: [], error: cartErrorMessageId(error) });
    } finally {
      setCode('');
      setApplying(false);
    }
  };

  const removeCode = async (removed: string) => {
    setRemoving(removed);
    try {
      await cart.removeCodes([removed]);
    } catch (error) {
      reportError(error, { action: 'remove-coupon' });
      setOutcome({ applied: [], error: cartErrorMessageId(error) });
    } finally {
      setRemoving(null);
    }
  };

  const rejected = rejectedLines(rejectedCodes);
  const dismiss = () => {
    cart.dismissRejectedCodes();
    setOutcome((current) => (current ? { ...current, error: null } : current));
  };
  return (
    <section className={classes.summaryPart} aria-labelledby="coupon-heading">
      <h2 className={classes.partHeading} id="coupon-heading">
        <FormattedMessage id="cart.coupon.heading" />
      </h2>
      {state.discounts.length > 0 && (
        <ul className={classes.codes}>
          {state.discounts.map((discount) => (
            <li key={discount.code} className={`${classes.row} ${classes.spread} ${classes.small}`}>
              <span>
                <FormattedMessage id="cart.coupon.appliedCode" values={{ code: discount.code, b: bold }} />
              </span>
              <PlainCloseButton
                label={intl.formatMessage({ id: 'cart.coupon.remove' }, { code: discount.code })}
                disabled={removing !== null}
                onClick={() => void removeCode(discount.code)}
              />
            </li>
          ))}
        </ul>
      )}
      <div role="status">
        {outcome?.applied.length ? (
          <p className={`${classes.small} ${classes.saving}`}>
            <FormattedMessage
              id="cart.coupon.applied"
              values={{ count: outcome.applied.length, codes: intl.formatList(outcome.applied), b: bold }}
            />
          </p>
        ) : null}
      </div>
      {(rejectedCodes.length > 0 || outcome?.error) && (
        <PlainAlert tone="red" onDismiss={dismiss}>
          {rejected.own.map(({ code: own, message }) => (
            <p key={`own-${own}`}>
              <FormattedMessage id={message} />
            </p>
          ))}
          {rejected.grouped.map(([status, codes]) => (
            <p key={status}>
              <FormattedMessage
                id={REJECTED_MESSAGES[status]}
                values={{ count: codes.length, codes: intl.formatList(codes), b: bold }}
              />
            </p>
          ))}
          {outcome?.error && (
            <p>
              <FormattedMessage id={outcome.error} />
            </p>
          )}
        </PlainAlert>
      )}
      <form onSubmit={(event) => void apply(event)} noValidate className={classes.couponForm}>
        <div className={classes.couponField}>
          <PlainTextField
            name="code"
            label={intl.formatMessage({ id: 'cart.coupon.label' })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setMalformed(false);
            }}
            error={malformed ? intl.formatMessage({ id: 'cart.coupon.malformed' }) : null}
          />
        </div>
        <PlainButton
          type="submit"
          variant="default"
          className={classes.couponApply}
          disabled={!hydrated || applying}
          aria-busy={applying || undefined}
        >
          <FormattedMessage id="cart.coupon.apply" />
        </PlainButton>
      </form>
    </section>
  );
}
