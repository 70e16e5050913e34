import type { CheckoutReceipt } from '@lectern/domain';
import { Button, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useClipboardCopy } from '../../ui/use-clipboard-copy';

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

/**
 * The reference in a read-only field (so it can always be copied by hand) and a copy button,
 * confirmed in a status region like the share dialog's link.
 */
function CopyableReference({ reference }: { reference: string }) {
  const intl = useIntl();
  const { state, copy, inputRef } = useClipboardCopy(reference);

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label={intl.formatMessage({ id: 'checkoutSuccess.voucher.reference' })}
          value={reference}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          data-testid="voucher-reference"
        />
        <Button variant="default" onClick={() => void copy()}>
          <FormattedMessage id="checkoutSuccess.voucher.copy" />
        </Button>
      </Group>
      {/* Always rendered, so screen readers are listening when the text appears. */}
      <Text role="status" size="sm" mih="1.5em">
        {state === 'copied' && <FormattedMessage id="checkoutSuccess.voucher.copied" />}
        {state === 'failed' && <FormattedMessage id="checkoutSuccess.voucher.copyFailed" />}
      </Text>
    </Stack>
  );
}
