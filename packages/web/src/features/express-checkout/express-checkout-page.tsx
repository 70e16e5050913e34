import { Container, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Island } from '../../app/islands/island';
import classes from '../checkout/checkout.module.css';
import { PageTitle } from '../seo/page-head';
import { ExpressCheckoutView } from './express-checkout-view';

/** `/express/`: the checkout of one course, skipping the cart (checkout §7). An islands page, as the checkout. */
export function ExpressCheckoutPage() {
  const intl = useIntl();
  return (
    <Container size="lg" py="xl">
      <PageTitle title={intl.formatMessage({ id: 'checkout.pageTitle' })} />
      <Title order={1} className={classes.heading}>
        <FormattedMessage id="checkout.heading" />
      </Title>
      <Island name="express-checkout" component={ExpressCheckoutView} props={{}} />
    </Container>
  );
}
