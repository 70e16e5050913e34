import {
  BNPL_ADDRESS_LIMITS,
  bnplTimeline,
  formatMoney,
  type BnplAddressInput,
  type Money,
} from '@lectern/domain';
import { Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
    value: input[name],
    error: errors[name],
    disabled,
    onBlur: () => onBlur(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.currentTarget.value),
  });
  return (
    <Stack gap="sm">
      {offer && <Text size="sm">{offer}</Text>}
      <TextInput
        label={intl.formatMessage({ id: 'checkout.bnpl.address' })}
        autoComplete="address-line1"
        maxLength={BNPL_ADDRESS_LIMITS.address}
        {...field('line1')}
      />
      <SimpleGrid cols={isBnplZipShown(billingCountry) ? 3 : 2} spacing="sm">
        <TextInput
          label={intl.formatMessage({ id: 'checkout.bnpl.city' })}
          autoComplete="address-level2"
          maxLength={BNPL_ADDRESS_LIMITS.city}
          {...field('city')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'checkout.bnpl.state' })}
          autoComplete="address-level1"
          maxLength={BNPL_ADDRESS_LIMITS.state}
          {...field('state')}
        />
        {isBnplZipShown(billingCountry) && (
          <TextInput
            label={intl.formatMessage({ id: 'checkout.bnpl.zip' })}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={BNPL_ADDRESS_LIMITS.zip}
            {...field('zip')}
          />
        )}
      </SimpleGrid>
      {total && numPayments && <BnplTimeline total={total} numPayments={numPayments} />}
    </Stack>
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
    <Stack gap={4} component="section" aria-labelledby="bnpl-timeline-heading">
      <Title order={3} size="h6" id="bnpl-timeline-heading">
        <FormattedMessage id="checkout.bnpl.timelineHeading" values={{ count: payments.length }} />
      </Title>
      <ol className={classes.lines} data-testid="bnpl-timeline">
        {payments.map((payment) => (
          <li key={payment.weeksFromNow}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {payment.weeksFromNow === 0 ? (
                  <FormattedMessage id="checkout.bnpl.today" />
                ) : (
                  <FormattedMessage id="checkout.bnpl.inWeeks" values={{ weeks: payment.weeksFromNow }} />
                )}
              </Text>
              <Text size="sm" fw={700}>
                {formatMoney(payment.amount, intl.locale)}
              </Text>
            </Group>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
