import { type AdminCustomerDetail } from '@lectern/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { CustomerSection } from './customer-section';

/** The cards the customer saved at checkout or for their Personal Plan (from the payment provider). */
export function CustomerCardsSection({ customer }: { customer: AdminCustomerDetail }) {
  const { saved_cards: cards } = customer;
  return (
    <CustomerSection title="Saved cards" id="customer-cards">
      {customer.saved_cards_error && (
        <Alert color="yellow" variant="light">
          {customer.saved_cards_error}
        </Alert>
      )}
      {cards.length === 0 ? (
        !customer.saved_cards_error && <Text c="dimmed">No saved card.</Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          data-testid="customer-cards"
        >
          {cards.map((card, index) => (
            <li key={`${card.brand}-${card.last4}-${index}`}>
              <Text>
                {card.brand.charAt(0).toUpperCase() + card.brand.slice(1)} ending in {card.last4}
                {card.exp_month && card.exp_year
                  ? `, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
                  : ''}{' '}
                <Text span size="sm" c="dimmed">
                  ({card.used_for === 'subscription' ? 'charged by their Personal Plan' : 'saved at checkout'}
                  )
                </Text>
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </CustomerSection>
  );
}
