import { visibleCardBrands, type CardField } from '@lectern/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { CardForm } from '../checkout/card-form';
import type { CardInput } from '../checkout/card-fields';
import type { SubscriptionMethods } from './subscription-methods';

export interface SubscriptionPaymentSectionProps {
  methods: SubscriptionMethods;
  onEnterNewCard: (enter: boolean) => void;
  card: CardInput;
  cardErrors: Record<CardField, string | null>;
  onCardChange: (field: CardField, value: string) => void;
  onCardBlur: (field: CardField) => void;
  /** Organization subscriptions put the name on card last (checkout §2). */
  nameLast: boolean;
  disabled: boolean;
}

/**
 * The subscription's payment method: nothing to pay (Free), the stored card with the option to
 * enter another, or the card form through the provider's SDK, with the checkout §2 disclaimer
 * 'This card will be stored on your account' in place of the remember-me checkbox.
 */
export function SubscriptionPaymentSection({
  methods,
  onEnterNewCard,
  card,
  cardErrors,
  onCardChange,
  onCardBlur,
  nameLast,
  disabled,
}: SubscriptionPaymentSectionProps) {
  const headingId = useId();
  const kind = methods.chosen?.kind;
  if (kind === 'free' || !kind) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        <FormattedMessage id="subscriptions.payment.heading" />
      </Title>
      {methods.stored && (
        <Group justify="space-between" wrap="wrap">
          <Text data-testid="stored-card">
            <FormattedMessage
              id={
                kind === 'storedCard'
                  ? 'subscriptions.payment.storedCard'
                  : 'subscriptions.payment.replacesStored'
              }
              values={{ card: methods.stored.method.name }}
            />
          </Text>
          {methods.canEnterCard && (
            <Button
              variant="subtle"
              disabled={disabled}
              onClick={() => onEnterNewCard(kind === 'storedCard')}
            >
              <FormattedMessage
                id={
                  kind === 'storedCard'
                    ? 'subscriptions.payment.enterNewCard'
                    : 'subscriptions.payment.useStoredCard'
                }
              />
            </Button>
          )}
        </Group>
      )}
      {kind === 'card' && (
        <CardForm
          input={card}
          errors={cardErrors}
          onChange={onCardChange}
          onBlur={onCardBlur}
          brands={visibleCardBrands(methods.chosen?.method.options.brand_codes ?? [])}
          rememberMe={null}
          onRememberMeChange={() => {}}
          storedForSubscription
          nameLast={nameLast}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}
