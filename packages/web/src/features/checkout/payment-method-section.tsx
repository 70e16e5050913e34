import { CHECKOUT_MESSAGES, gatewayStatusBanner, type PaymentMethodConfig } from '@lectern/domain';
import { Alert, Group, Paper, Radio, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HintTooltip } from '../../ui/hint-tooltip';
import { PageLoader } from '../../ui/page-loader';
import classes from './checkout.module.css';
import { MethodIcon, methodIconCodeOf, type MethodIconCode } from './method-icons';
import { methodKey, methodKindOf } from './payment-methods';
import type { MethodsStatus } from './use-checkout-info';

export interface PaymentMethodSectionProps {
  status: MethodsStatus;
  methods: readonly PaymentMethodConfig[];
  unavailable: boolean;
  /** Checkout §2: the secure tooltip shows unless the purchase is free or fully paid by credit. */
  showSecureTooltip: boolean;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  renderForm: (method: PaymentMethodConfig) => ReactNode;
  disabled: boolean;
}

function SecureTooltip() {
  return (
    <HintTooltip label={CHECKOUT_MESSAGES.secureTooltipText} className={classes.muted}>
      <LockIcon /> {CHECKOUT_MESSAGES.secureTooltipTitle}
    </HintTooltip>
  );
}

function LockIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/**
 * Checkout §2 payment method section: the header (with the secure tooltip), a loader, the
 * region-unavailable state, and the methods as an accordion of radios: exactly one is open,
 * showing its status banner, price information and form.
 */
export function PaymentMethodSection({
  status,
  methods,
  unavailable,
  showSecureTooltip,
  selectedKey,
  onSelect,
  renderForm,
  disabled,
}: PaymentMethodSectionProps) {
  const intl = useIntl();
  const label = CHECKOUT_MESSAGES.paymentMethodTitle;
  return (
    <Stack gap="sm" component="section" aria-labelledby="method-heading">
      <Group justify="space-between">
        <Title order={2} size="h4" id="method-heading">
          {label}
        </Title>
        {showSecureTooltip && status !== 'ERROR' && <SecureTooltip />}
      </Group>
      {(status === 'INIT' || status === 'LOADING') && (
        <PageLoader label={intl.formatMessage({ id: 'checkout.methods.loading' })} />
      )}
      {status === 'DONE' && unavailable && (
        <Alert color="red" variant="light" data-testid="region-unavailable">
          {CHECKOUT_MESSAGES.regionUnavailable}
        </Alert>
      )}
      {status === 'DONE' && !unavailable && (
        <Radio.Group
          value={selectedKey}
          onChange={onSelect}
          name="payment-method"
          label={<VisuallyHidden>{label}</VisuallyHidden>}
        >
          <ul className={classes.methods}>
            {methods.map((method) => {
              const key = methodKey(method);
              const open = key === selectedKey;
              return (
                <Paper
                  component="li"
                  withBorder
                  p="md"
                  radius="md"
                  key={key}
                  className={classes.method}
                  data-open={open}
                >
                  <Radio
                    value={key}
                    label={
                      <Group gap="xs" wrap="nowrap" component="span">
                        {iconCodesOfMethod(method).map((code) => (
                          <MethodIcon key={code} code={code} />
                        ))}
                        <Text fw={700} component="span">
                          {method.name}
                        </Text>
                      </Group>
                    }
                    disabled={disabled}
                  />
                  {open && <MethodPanel method={method}>{renderForm(method)}</MethodPanel>}
                </Paper>
              );
            })}
          </ul>
        </Radio.Group>
      )}
    </Stack>
  );
}

/**
 * The icons next to a method's name (decorative: the name says it): the method type's, or
 * for the express method those of the wallets it offers. Cards show their brands in the form.
 */
export function iconCodesOfMethod(method: PaymentMethodConfig): MethodIconCode[] {
  if (methodKindOf(method) === 'express') {
    return (method.options.apps ?? [])
      .map((app) => methodIconCodeOf(app.app_id))
      .filter((code): code is MethodIconCode => code !== null);
  }
  const code = method.type === 'card' ? null : methodIconCodeOf(method.type);
  return code ? [code] : [];
}

/** The open method: its status banner (down: no form), price information, then its form. */
function MethodPanel({ method, children }: { method: PaymentMethodConfig; children: ReactNode }) {
  const banner = gatewayStatusBanner(method.gateway_status);
  const representment = method.options.price_info?.representment;
  return (
    <Stack gap="sm" mt="sm" data-testid="method-panel">
      {banner && (
        <Alert color={banner.type === 'error' ? 'red' : 'yellow'} variant="light" data-testid="method-status">
          {banner.text}
        </Alert>
      )}
      {representment && (
        <Alert color="blue" variant="light" data-testid="price-info">
          <Text size="sm">
            <FormattedMessage
              id="checkout.methods.representment"
              values={{ price: representment.price_text, currency: representment.currency }}
            />
          </Text>
          {representment.warning && <Text size="sm">{representment.warning}</Text>}
        </Alert>
      )}
      {banner?.type !== 'error' && children}
    </Stack>
  );
}
