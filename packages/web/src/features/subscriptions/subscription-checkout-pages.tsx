import { SubscriptionCheckoutPage } from './subscription-checkout-page';

/** `/payment/checkout-teamplan/` (team-plan §2). */
export const TeamPlanCheckoutPage = () => <SubscriptionCheckoutPage purchase="team" />;
/** `/payment/upsell-teamplan/`: additional user licenses. */
export const TeamPlanUpsellPage = () => <SubscriptionCheckoutPage purchase="upsell" />;
/** `/payment/resubscribe-teamplan/`: a new period for an expired plan. */
export const TeamPlanResubscribePage = () => <SubscriptionCheckoutPage purchase="resubscribe" />;
/** `/payment/checkout-personal-plan/?option=`: the Personal Plan checkout. */
export const PersonalPlanCheckoutPage = () => <SubscriptionCheckoutPage purchase="personal" />;
