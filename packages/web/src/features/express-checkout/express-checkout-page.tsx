import { Island } from '../../app/islands/island';
import { CheckoutPageFrame } from '../checkout/checkout-page';
import { ExpressCheckoutView } from './express-checkout-view';

/** `/express/`: the checkout of one course, skipping the cart (checkout §7). An islands page, as the checkout. */
export function ExpressCheckoutPage() {
  return (
    <CheckoutPageFrame>
      <Island name="express-checkout" component={ExpressCheckoutView} props={{}} />
    </CheckoutPageFrame>
  );
}
