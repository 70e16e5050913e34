import { formatMoney, money, trialDaysLeft, type CurrencyCode } from '@lectern/domain';
import type { IntlShape } from 'react-intl';
import type { CurrentEnrollment } from './subscription-api';
import { longDate } from './subscription-dates';

/**
 * Team-plan §4 status ribbon (the server's FUTURE, not mapped by the spec, shows as starting
 * soon). White text needs a dark fill (WCAG AA 4.5:1): Mantine's green, yellow and red shades
 * fall short, so those are darker tones of the same hues.
 */
export const STATUS_BADGE = {
  TRIAL: { id: 'subscriptions.status.trial', color: 'blue' },
  ACTIVE: { id: 'subscriptions.status.active', color: '#1e6b2f' },
  CANCELED: { id: 'subscriptions.status.cancelled', color: '#8a5a00' },
  EXPIRED: { id: 'subscriptions.status.expired', color: '#b02525' },
  FUTURE: { id: 'subscriptions.status.future', color: 'gray.8' },
} as const;

/** The name of a plan's billing interval ("Monthly", "Annual"). */
export const INTERVAL_NAMES = {
  YEAR: 'subscriptions.interval.year',
  MONTH: 'subscriptions.interval.month',
  WEEK: 'subscriptions.interval.week',
  DAY: 'subscriptions.interval.day',
} as const;

export function chargeOf(enrollment: CurrentEnrollment, locale: string) {
  const { chargePrice, taxPrice } = enrollment.billing;
  const currency = chargePrice.currency.toUpperCase() as CurrencyCode;
  const format = (amount: number) => formatMoney(money(amount, currency), locale);
  return {
    total: format(chargePrice.amount),
    tax: format(taxPrice.amount),
    subtotal: format(chargePrice.amount - taxPrice.amount),
    zero: format(0),
  };
}

/** When the plan's current period (or its trial) ends. */
export function endDateOf(enrollment: CurrentEnrollment): string {
  return enrollment.status === 'TRIAL' && enrollment.trialEndDate
    ? enrollment.trialEndDate
    : enrollment.billing.currentPeriodEndDate;
}

/**
 * Team-plan §4 start and end rows of a plan: 'Trial started' or 'Subscription started'; the end
 * as 'Trial ends: in N days (date)' (days rounded up), 'Next payment' or 'Expiration date', with
 * the helper text of the status. `storedCard` false (known to be missing) says the renewal
 * cannot be charged instead of promising a charge to a card that is not there.
 */
export function planRows(
  enrollment: CurrentEnrollment,
  intl: IntlShape,
  now: Date = new Date(),
  storedCard?: boolean,
) {
  const team = enrollment.productType === 'TEAM';
  const end = endDateOf(enrollment);
  const date = longDate(end, intl.locale);
  const charge =
    storedCard === false
      ? intl.formatMessage(
          { id: 'subscriptions.manage.chargeWithoutCard' },
          { amount: chargeOf(enrollment, intl.locale).total, date },
        )
      : team
        ? intl.formatMessage(
            { id: 'subscriptions.manage.chargeTeam' },
            { amount: chargeOf(enrollment, intl.locale).total, licenses: enrollment.licenseCount, date },
          )
        : intl.formatMessage(
            { id: 'subscriptions.manage.chargePersonal' },
            { amount: chargeOf(enrollment, intl.locale).total, date },
          );
  const start = {
    label: intl.formatMessage({
      id:
        enrollment.status === 'TRIAL'
          ? 'subscriptions.manage.trialStarted'
          : 'subscriptions.manage.subscriptionStarted',
    }),
    value: longDate(enrollment.billing.currentPeriodStartDate, intl.locale),
  };
  switch (enrollment.status) {
    case 'TRIAL':
      return {
        start,
        end: {
          label: intl.formatMessage({ id: 'subscriptions.manage.trialEnds' }),
          value: intl.formatMessage(
            { id: 'subscriptions.manage.trialEndsIn' },
            { days: trialDaysLeft(now, new Date(end)), date },
          ),
          help: charge,
        },
      };
    case 'CANCELED':
    case 'EXPIRED':
      return {
        start,
        end: {
          label: intl.formatMessage({ id: 'subscriptions.manage.expirationDate' }),
          value: date,
          help:
            enrollment.status === 'EXPIRED'
              ? intl.formatMessage({ id: 'subscriptions.manage.expiredHelp' })
              : intl.formatMessage(
                  {
                    id: team
                      ? 'subscriptions.manage.usableUntilTeam'
                      : 'subscriptions.manage.usableUntilPersonal',
                  },
                  { date },
                ),
        },
      };
    default:
      return {
        start,
        end: {
          label: intl.formatMessage({ id: 'subscriptions.manage.nextPayment' }),
          value: date,
          help: charge,
        },
      };
  }
}
