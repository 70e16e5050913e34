import type { CheckoutReceipt } from '@lectern/domain';
import { Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyableField } from '../../ui/copyable-field';

export type Voucher = NonNullable<NonNullable<CheckoutReceipt['pending']>['voucher']>;

/** Only web addresses become links: the URL comes from the provider through our server. */
export function safeVoucherUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A voucher still to pay (Boleto, OXXO, Pix, the Indonesian methods): its reference to copy,
 * the date it expires (in the buyer's time zone), and the provider's voucher page.
 */
export function VoucherDetails({ voucher, timeZone }: { voucher: Voucher; timeZone?: string }) {
  const intl = useIntl();
  const headingId = useId();
  const url = safeVoucherUrl(voucher.url);
  const expires = new Date(voucher.expires_at);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="voucher"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage id="checkoutSuccess.voucher.heading" />
        </Title>
        <CopyableReference reference={voucher.reference} />
        {!Number.isNaN(expires.getTime()) && (
          <Text size="sm" data-testid="voucher-expiry">
            <FormattedMessage
              id="checkoutSuccess.voucher.expires"
              values={{
                date: (
                  <time dateTime={voucher.expires_at}>
                    {intl.formatDate(expires, { dateStyle: 'medium', timeStyle: 'short', timeZone })}
                  </time>
                ),
              }}
            />
          </Text>
        )}
        {url && (
          <Button component="a" href={url} target="_blank" rel="noopener noreferrer" w="fit-content">
            <FormattedMessage id="checkoutSuccess.voucher.open" />
            <VisuallyHidden>
              {' '}
              <FormattedMessage id="checkoutSuccess.voucher.newTab" />
            </VisuallyHidden>
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The voucher's reference, copyable like the share dialog's link. */
function CopyableReference({ reference }: { reference: string }) {
  return (
    <CopyableField
      value={reference}
      testId="voucher-reference"
      messages={{
        label: 'checkoutSuccess.voucher.reference',
        copy: 'checkoutSuccess.voucher.copy',
        copied: 'checkoutSuccess.voucher.copied',
        failed: 'checkoutSuccess.voucher.copyFailed',
      }}
    />
  );
}
