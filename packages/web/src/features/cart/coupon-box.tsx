import { isWellFormedCouponCode, normalizeCouponCode, type DiscountAttempt } from '@lectern/domain';
import { Alert, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import type { MessageId } from '../../i18n/load-messages';
import { useApiForm } from '../../platform/forms';
import { reportError } from '../../platform/report-error';
import { cartErrorMessageId, rejectedCodeMessageId } from './cart-errors';
import { useCart, useCartClient } from './cart-provider';
import classes from './cart.module.css';
import { SubmitButton } from '../../ui/submit-button';

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
 * with a button to remove each.
 */
export function CouponBox() {
  const intl = useIntl();
  const cart = useCartClient();
  const { state, rejectedCodes } = useCart();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        code: z
          .string()
          .trim()
          .refine(isWellFormedCouponCode, intl.formatMessage({ id: 'cart.coupon.malformed' }))
          .transform(normalizeCouponCode),
      }),
    [intl],
  );
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      setOutcome(null);
      try {
        const attempts = await cart.applyCodes([code]);
        setOutcome({
          applied: attempts.filter((attempt) => attempt.status === 'valid').map((attempt) => attempt.code),
          error: null,
        });
      } catch (error) {
        reportError(error, { action: 'apply-coupon' });
        setOutcome({ applied: [], error: cartErrorMessageId(error) });
      }
    },
    onSuccess: (): void => {
      form.reset({ code: '' });
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const removeCode = async (code: string) => {
    setRemoving(code);
    try {
      await cart.removeCodes([code]);
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
    <Stack gap="sm" component="section" aria-labelledby="coupon-heading">
      <Text fw={700} component="h2" id="coupon-heading" size="md">
        <FormattedMessage id="cart.coupon.heading" />
      </Text>
      {state.discounts.length > 0 && (
        <Stack gap={4} component="ul" className={classes.list}>
          {state.discounts.map((discount) => (
            <Group key={discount.code} component="li" gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">
                <FormattedMessage id="cart.coupon.appliedCode" values={{ code: discount.code, b: bold }} />
              </Text>
              <CloseButton
                size="sm"
                disabled={removing !== null}
                aria-label={intl.formatMessage({ id: 'cart.coupon.remove' }, { code: discount.code })}
                onClick={() => void removeCode(discount.code)}
              />
            </Group>
          ))}
        </Stack>
      )}
      <div role="status">
        {outcome?.applied.length ? (
          <Text size="sm" className={classes.saving}>
            <FormattedMessage
              id="cart.coupon.applied"
              values={{ count: outcome.applied.length, codes: intl.formatList(outcome.applied), b: bold }}
            />
          </Text>
        ) : null}
      </div>
      {(rejectedCodes.length > 0 || outcome?.error) && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          closeButtonLabel={intl.formatMessage({ id: 'common.dismiss' })}
          onClose={dismiss}
        >
          <Stack gap={4}>
            {rejected.own.map(({ code, message }) => (
              <Text size="sm" key={`own-${code}`}>
                <FormattedMessage id={message} />
              </Text>
            ))}
            {rejected.grouped.map(([status, codes]) => (
              <Text size="sm" key={status}>
                <FormattedMessage
                  id={REJECTED_MESSAGES[status]}
                  values={{ count: codes.length, codes: intl.formatList(codes), b: bold }}
                />
              </Text>
            ))}
            {outcome?.error && (
              <Text size="sm">
                <FormattedMessage id={outcome.error} />
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={intl.formatMessage({ id: 'cart.coupon.label' })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.code?.message ?? formError}
            flex={1}
            {...register('code')}
          />
          <SubmitButton loading={isSubmitting} mt={25} variant="default">
            <FormattedMessage id="cart.coupon.apply" />
          </SubmitButton>
        </Group>
      </form>
    </Stack>
  );
}
