import type { ApiPrice, OrderSummary as OrderSummaryData } from '@lectern/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainLoader } from '../../ui/plain-form';
import { PlainHeading } from '../../ui/plain-heading';
import classes from './checkout.module.css';

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={`${classes.row} ${strong ? classes.totalRow : ''}`}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

const minus = (price: ApiPrice) => `−${price.price_string}`;

/**
 * Checkout §2 order summary, exactly as the server priced it: original price, discounts,
 * subtotal (only tax-exclusive or with credit), tax with its percentage (a loader while tax
 * loads; "calculated from your address" while the billing address is incomplete), credits used
 * and the total ("$X + tax" until a tax-exclusive total is known).
 */
export function OrderSummary({
  summary,
  taxLoading,
  taxKnown,
  taxExclusive,
}: {
  summary: OrderSummaryData;
  taxLoading: boolean;
  /** False when the tax context is reset: tax (and a tax-exclusive total) are not known yet. */
  taxKnown: boolean;
  /** Tax comes on top of the price (US, CA), so the total waits for it. */
  taxExclusive: boolean;
}) {
  const intl = useIntl();
  const pending = intl.formatMessage({ id: 'checkout.summary.taxPending' });
  const taxValue = taxLoading ? (
    <PlainLoader inline label={intl.formatMessage({ id: 'checkout.summary.taxLoading' })} />
  ) : taxKnown ? (
    summary.tax.price_string
  ) : (
    pending
  );
  const totalKnown = taxKnown || !taxExclusive;
  return (
    <section className={classes.stackXs} aria-labelledby="summary-heading">
      <PlainHeading id="summary-heading">
        <FormattedMessage id="checkout.summary.heading" />
      </PlainHeading>
      <Row
        label={<FormattedMessage id="checkout.summary.original" />}
        value={summary.original_price.price_string}
        testId="summary-original"
      />
      {summary.discount.amount > 0 && (
        <Row
          label={
            <FormattedMessage
              id="checkout.summary.discounts"
              values={{ percent: summary.discount_percent }}
            />
          }
          value={<span className={classes.saving}>{minus(summary.discount)}</span>}
          testId="summary-discount"
        />
      )}
      {summary.subtotal && (
        <Row
          label={<FormattedMessage id="checkout.summary.subtotal" />}
          value={summary.subtotal.price_string}
          testId="summary-subtotal"
        />
      )}
      {taxKnown && !taxLoading && summary.tax_lines.length > 1 ? (
        // Taxes the law wants apart (Canada's GST and QST): one row each.
        summary.tax_lines.map((line) => (
          <Row
            key={`${line.jurisdiction}:${line.name}`}
            label={
              <FormattedMessage
                id="checkout.summary.taxLine"
                values={{ name: line.name, rate: intl.formatNumber(line.rate, { maximumFractionDigits: 3 }) }}
              />
            }
            value={line.amount.price_string}
            testId="summary-tax-line"
          />
        ))
      ) : (
        <Row
          label={
            taxKnown ? (
              <FormattedMessage
                id="checkout.summary.tax"
                values={{ rate: intl.formatNumber(summary.tax_rate, { maximumFractionDigits: 3 }) }}
              />
            ) : (
              // No rate before the address: "Tax (0%)" would read as no tax at all.
              <FormattedMessage id="checkout.summary.taxUnknown" />
            )
          }
          value={taxValue}
          testId="summary-tax"
        />
      )}
      {taxKnown && summary.tax_note && (
        <p className={classes.note} data-testid="summary-tax-note">
          {summary.tax_note}
        </p>
      )}
      {summary.credit_used.amount > 0 && (
        <Row
          label={<FormattedMessage id="checkout.summary.credit" />}
          value={minus(summary.credit_used)}
          testId="summary-credit"
        />
      )}
      <hr className={classes.divider} />
      <Row
        strong
        label={<FormattedMessage id="checkout.summary.total" />}
        value={
          totalKnown
            ? summary.total.price_string
            : intl.formatMessage(
                { id: 'checkout.summary.totalBeforeTax' },
                { amount: summary.total.price_string },
              )
        }
        testId="summary-total"
      />
      <p className={classes.note}>
        <FormattedMessage id="checkout.summary.detail" values={{ count: summary.lines.length }} />
      </p>
      <ul className={classes.lines} data-testid="checkout-items">
        {summary.lines.map((line) => (
          <li key={`${line.buyable.buyable_object_type}:${line.buyable.id}`}>
            <div className={classes.row}>
              <div>
                <div>
                  {line.buyable.buyable_object_type === 'gift' ? (
                    <FormattedMessage id="checkout.gift.of" values={{ title: line.title }} />
                  ) : (
                    line.title
                  )}
                </div>
                {line.discount_code && (
                  <div className={classes.note}>
                    <FormattedMessage
                      id="checkout.discount"
                      values={{ code: line.discount_code, b: (chunks) => <strong>{chunks}</strong> }}
                    />
                  </div>
                )}
              </div>
              <span>{line.price.price_string}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
