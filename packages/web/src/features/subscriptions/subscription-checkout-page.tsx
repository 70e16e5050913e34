import { Container, Stack, Text, Title } from '@mantine/core';
import { SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useBrandName, useUserContext } from '../../app/user-context/use-user-context';
import { RequireSignIn } from './require-sign-in';
import { SubscriptionCheckout } from './subscription-checkout';
import { purchaseTitle, type SubscriptionPurchase } from './subscription-purchase';

/**
 * The Team Plan checkout (`/payment/checkout-teamplan/`), its license upsell and resubscribe
 * pages, and the Personal Plan checkout: one page, told which purchase it makes. Signed-in
 * users only; visitors log in first and come back.
 */
export function SubscriptionCheckoutPage({ purchase }: { purchase: SubscriptionPurchase }) {
  const brand = useBrandName();
  const context = useUserContext();
  const title = purchaseTitle(purchase, brand);
  usePageTitle(title);
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {purchase === 'personal' && <Text size="lg">{SUBSCRIPTION_MESSAGES.personalPlanTagline}</Text>}
          </Stack>
          <SubscriptionCheckout
            purchase={purchase}
            brand={brand}
            defaultCountry={context.request?.price_country ?? 'US'}
          />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
