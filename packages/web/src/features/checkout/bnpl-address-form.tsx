import {
  BNPL_ADDRESS_LIMITS,
  bnplTimeline,
  formatMoney,
  type BnplAddressInput,
  type Money,
} from '@lectern/domain';
import type { ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainTextField } from '../../ui/plain-form';
import { PlainHeading } from '../../ui/plain-heading';
import { isBnplZipShown, type BnplAddressField } from './bnpl-address-fields';
import classes from './checkout.module.css';

export interface BnplAddressFormProps {
  input: BnplAddressInput;
  errors: Record<BnplAddressField, string | null>;
  onChange: (field: BnplAddressField, value: string) => void;
  onBlur: (field: BnplAddressField) => void;
  /** The billing country: in the US the billing ZIP is the postal code, so no ZIP field. */
  billingCountry: string;
  /** What the order costs, split into the timeline; null hides the timeline. */
  total: Money | null;
  /** Checkout §9 numPayments of the method; null when it shows no timeline. */
  numPayments: number | null;
  /** The provider's offer line (options.display_offer.value). */
  offer: string | null;
  disabled: boolean;
}

/**
 * The address-based buy-now-pay-later form (checkout §2, §5): address line, city, state and,
 * outside the US, the ZIP code, with the checkout §9 limits; then the payment timeline.
 */
export function BnplAddressForm({
  input,
  errors,
  onChange,
  onBlur,
  billingCountry,
  total,
  numPayments,
  offer,
  disabled,
}: BnplAddressFormProps) {
  const intl = useIntl();
  const field = (name: BnplAddressField) => ({
    name: `bnpl-${name}`,
    value: input[name],
    error: errors[name],
    disabled,
    onBlur: () => onBlur(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.currentTarget.value),
  });
  const zipShown = isBnplZipShown(billingCountry);
  return (
    <div className={classes.stack}>
      {offer && <p className={classes.text}>{offer}</p>}
      <PlainTextField
        label={intl.formatMessage({ id: 'checkout.bnpl.address' })}
        autoComplete="address-line1"
        maxLength={BNPL_ADDRESS_LIMITS.address}
        {...field('line1')}
      />
      <div className={`${classes.grid} ${zipShown ? classes.cols3 : classes.cols2}`}>
        <PlainTextField
          label={intl.formatMessage({ id: 'checkout.bnpl.city' })}
          autoComplete="address-level2"
          maxLength={BNPL_ADDRESS_LIMITS.city}
          {...field('city')}
        />
        <PlainTextField
          label={intl.formatMessage({ id: 'checkout.bnpl.state' })}
          autoComplete="address-level1"
          maxLength={BNPL_ADDRESS_LIMITS.state}
          {...field('state')}
        />
        {zipShown && (
          <PlainTextField
            label={intl.formatMessage({ id: 'checkout.bnpl.zip' })}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={BNPL_ADDRESS_LIMITS.zip}
            {...field('zip')}
          />
        )}
      </div>
      {total && numPayments && <BnplTimeline total={total} numPayments={numPayments} />}
    </div>
  );
}

/**
 * Checkout §9 payment timeline: numPayments instalments every 2 weeks, 'Today' then 'In N
 * weeks', the remainder of the split on the first payment.
 */
export function BnplTimeline({ total, numPayments }: { total: Money; numPayments: number }) {
  const intl = useIntl();
  const payments = bnplTimeline(total, numPayments, 'first');
  return (
    <section className={classes.stackTight} aria-labelledby="bnpl-timeline-heading">
      <PlainHeading order={3} size="h6" id="bnpl-timeline-heading">
        <FormattedMessage id="checkout.bnpl.timelineHeading" values={{ count: payments.length }} />
      </PlainHeading>
      <ol className={classes.lines} data-testid="bnpl-timeline">
        {payments.map((payment) => (
          <li key={payment.weeksFromNow} className={classes.row}>
            <span className={classes.text}>
              {payment.weeksFromNow === 0 ? (
                <FormattedMessage id="checkout.bnpl.today" />
              ) : (
                <FormattedMessage id="checkout.bnpl.inWeeks" values={{ weeks: payment.weeksFromNow }} />
              )}
            </span>
            <span className={`${classes.text} ${classes.strong}`}>
              {formatMoney(payment.amount, intl.locale)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
