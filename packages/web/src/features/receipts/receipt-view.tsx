import { billingAddressLines, cardBrandName, formatMoney, isCurrencyCode, money } from '@lectern/domain';
import { Anchor, Box, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useBrandName } from '../../app/user-context/use-user-context';
import { MethodIcon, methodIconCodeOf } from '../checkout/method-icons';
import { longDate } from '../subscriptions/subscription-dates';
import type { ReceiptBuyer, SubscriptionReceipt } from '@lectern/domain';
import classes from './receipt.module.css';

/**
 * An amount with its currency symbol and the currency code after it ("$360.00 USD"): the spec
 * prints USD receipts so, and a receipt in another currency reads the same way in its own.
 */
function receiptAmount(intl: IntlShape, amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const formatted = isCurrencyCode(code)
    ? formatMoney(money(amount, code), intl.locale)
    : intl.formatNumber(amount / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return intl.formatMessage({ id: 'receipt.amount' }, { amount: formatted, currency: code });
}

// The wordmark's proportions: a bold sans glyph is about 0.62 em wide on average, and the
// text is squeezed (`textLength`) to the width that leaves it, so it never overflows.
const LOGO_HEIGHT = 34;
const LOGO_FONT_SIZE = 26;
const EM_PER_CHARACTER = 0.62;

/**
 * The brand's logo, 34 px high (team-plan §2): the header's wordmark (the configured brand
 * name, bold) drawn as an image so it prints at the same size as on screen.
 */
export function BrandLogo({ brand }: { brand: string }) {
  const intl = useIntl();
  const width = Math.ceil(brand.length * EM_PER_CHARACTER * LOGO_FONT_SIZE) + 2;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className={classes.brandLogo}
      width={width}
      height={LOGO_HEIGHT}
      viewBox={`0 0 ${width} ${LOGO_HEIGHT}`}
      role="img"
      aria-label={intl.formatMessage({ id: 'receipt.brandLogo' }, { brand })}
      data-testid="receipt-brand-logo"
      focusable="false"
    >
      <text
        x={1}
        y={LOGO_HEIGHT / 2}
        dominantBaseline="central"
        fill="currentColor"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize={LOGO_FONT_SIZE}
        fontWeight={800}
        textLength={width - 2}
        lengthAdjust="spacingAndGlyphs"
      >
        {brand}
      </text>
    </svg>
  );
}

function Row({
  label,
  children,
  testId,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  const className = strong ? classes.total : undefined;
  return (
    <>
      <dt className={className}>{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** Team-plan §2: card logo (a default card for unknown brands), card type, masked last four digits. */
function PaymentMethod({ cardType, last4 }: { cardType: string | null; last4: string | null }) {
  const code = methodIconCodeOf(cardType) ?? 'card_default';
  const brand = cardBrandName(cardType);
  return (
    <Group gap="xs" wrap="nowrap">
      <MethodIcon code={code} />
      <Text component="span" data-testid="receipt-card">
        {last4 ? <FormattedMessage id="receipt.card" values={{ brand, last4 }} /> : brand}
      </Text>
    </Group>
  );
}

/** The buyer's country in the page's language ("Estados Unidos"); else the server's English name. */
function countryNameIn(locale: string, buyer: ReceiptBuyer): string | null {
  if (!buyer.country) return buyer.country_name;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(buyer.country);
    if (name) return name;
  } catch {
    // A code or locale this browser does not know: the server's name below.
  }
  return buyer.country_name ?? buyer.country;
}

/**
 * The 'Sold to' block (team-plan §2): the buyer's billing name (the organization's, or the
 * learner's), the full billing address (typed lines, region and postal code, the country by
 * name; what was never given is left out) and tax id, with 'Request change' writing to support
 * about this receipt.
 */
function SoldTo({ receipt }: { receipt: SubscriptionReceipt }) {
  const intl = useIntl();
  const headingId = useId();
  const { sold_to: buyer, seller } = receipt;
  const address = billingAddressLines([buyer.address, buyer.address2], {
    country: buyer.country,
    region: buyer.region,
    postalCode: buyer.postal_code,
    countryName: countryNameIn(intl.locale, buyer),
  });
  const subject = intl.formatMessage({ id: 'receipt.requestChangeSubject' }, { ref: receipt.ref });
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="receipt-sold-to">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage id="receipt.soldTo" />
        </Title>
        <Anchor
          href={`mailto:${seller.support_email}?subject=${encodeURIComponent(subject)}`}
          size="sm"
          className={classes.noPrint}
        >
          <FormattedMessage id="receipt.requestChange" />
        </Anchor>
      </Group>
      {buyer.name && <Text fw={700}>{buyer.name}</Text>}
      {address.length > 0 && (
        <Box data-testid="receipt-sold-to-address">
          {address.map((line, index) => (
            <Text key={index}>{line}</Text>
          ))}
        </Box>
      )}
      {buyer.tax_id && (
        <Text>
          <FormattedMessage id="receipt.taxId" values={{ taxId: buyer.tax_id }} />
        </Text>
      )}
    </Box>
  );
}

/** The seller's block: who sells, their postal address, tax id and support contact. */
function Seller({ seller }: { seller: SubscriptionReceipt['seller'] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="receipt-seller">
      <Title order={2} size="h4" id={headingId}>
        {seller.name}
      </Title>
      {seller.address && <Text className={classes.address}>{seller.address}</Text>}
      {seller.tax_id && (
        <Text>
          <FormattedMessage id="receipt.taxId" values={{ taxId: seller.tax_id }} />
        </Text>
      )}
      <Text>
        <FormattedMessage
          id="receipt.support"
          values={{
            email: seller.support_email,
            link: (chunks: ReactNode) => (
              <Anchor href={`mailto:${seller.support_email}`} underline="always">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Box>
  );
}

/**
 * A receipt as team-plan §2 lists it, in order: 'Receipt' with the Sale Id (and 'Print'), 'Sold to',
 * purchase date, quantity, the item (with its subscription period when both dates exist), unit
 * price, the totals (Subtotal and Tax only with a tax record), the payment method, the seller,
 * and the brand's logo. It is the one element the print stylesheet keeps on paper.
 */
export function ReceiptView({ receipt }: { receipt: SubscriptionReceipt }) {
  const intl = useIntl();
  const brand = useBrandName();
  const amount = (value: number, currency = receipt.amount.currency) => receiptAmount(intl, value, currency);
  const { amount: totals } = receipt;
  const period =
    receipt.period_start && receipt.period_end
      ? { start: longDate(receipt.period_start, intl.locale), end: longDate(receipt.period_end, intl.locale) }
      : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      component="article"
      className={classes.receipt}
      aria-label={intl.formatMessage({ id: 'receipt.label' }, { ref: receipt.ref })}
      data-receipt-print=""
      data-testid="receipt"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm" data-testid="receipt-header">
          <div>
            {/* On screen the page's heading says 'Receipt'; on paper this line does. */}
            <Text className={classes.printOnly} fw={800} fz="h2" aria-hidden="true">
              <FormattedMessage id="receipt.title" />
            </Text>
            <Text fw={700} data-testid="receipt-sale-id">
              <FormattedMessage id="receipt.saleId" values={{ ref: receipt.ref }} />
            </Text>
          </div>
          {/* The receipt's own action, in its header; it never reaches the paper. */}
          <Button variant="default" size="sm" className={classes.noPrint} onClick={() => window.print()}>
            <FormattedMessage id="receipt.print" />
          </Button>
        </Group>
        <SoldTo receipt={receipt} />
        <Divider />
        <Box component="dl" className={classes.rows}>
          <Row label={<FormattedMessage id="receipt.purchaseDate" />} testId="receipt-date">
            {longDate(receipt.date, intl.locale)}
          </Row>
          <Row label={<FormattedMessage id="receipt.quantity" />} testId="receipt-quantity">
            {intl.formatNumber(receipt.quantity)}
          </Row>
          <Row label={<FormattedMessage id="receipt.item" />} testId="receipt-item">
            <Text component="span" display="block">
              {receipt.item}
            </Text>
            {period && (
              <Text component="span" display="block" size="sm" c="dimmed" data-testid="receipt-period">
                <FormattedMessage id="receipt.period" />
                {': '}
                <FormattedMessage id="receipt.periodRange" values={period} />
              </Text>
            )}
          </Row>
          <Row label={<FormattedMessage id="receipt.unitPrice" />} testId="receipt-unit-price">
            {receipt.unit_price ? (
              amount(receipt.unit_price.amount, receipt.unit_price.currency)
            ) : (
              <FormattedMessage id="receipt.notAvailable" />
            )}
          </Row>
        </Box>
        <Divider />
        <Box component="dl" className={classes.rows} data-testid="receipt-totals">
          {totals.has_tax_record && (
            <>
              <Row label={<FormattedMessage id="receipt.subtotal" />} testId="receipt-subtotal">
                {amount(totals.tax_exclusive_amount)}
              </Row>
              <Row label={<FormattedMessage id="receipt.tax" />} testId="receipt-tax">
                {amount(totals.tax_amount)}
              </Row>
            </>
          )}
          <Row label={<FormattedMessage id="receipt.total" />} testId="receipt-total" strong>
            {amount(totals.total_amount)}
          </Row>
        </Box>
        <Divider />
        <Box component="dl" className={classes.rows}>
          <Row label={<FormattedMessage id="receipt.paymentMethod" />} testId="receipt-payment-method">
            <PaymentMethod cardType={receipt.card_type} last4={receipt.card_last4} />
          </Row>
        </Box>
        <Divider />
        <Seller seller={receipt.seller} />
        <BrandLogo brand={brand} />
      </Stack>
    </Paper>
  );
}
