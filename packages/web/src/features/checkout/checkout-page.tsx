import { Container, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Island } from '../../app/islands/island';
import { PageTitle } from '../seo/page-head';
import { CheckoutView } from './checkout-view';
import classes from './checkout.module.css';

/**
 * `/payment/checkout/`: pays for the frozen checkout list (checkout §1–§9). Served as an
 * islands page (decision 0026): the heading is the server's, the rest one island.
 */
export function CheckoutPage() {
  const intl = useIntl();
  return (
    <Container size="lg" py="xl">
      <PageTitle title={intl.formatMessage({ id: 'checkout.pageTitle' })} />
      <Title order={1} className={classes.heading}>
        <FormattedMessage id="checkout.heading" />
      </Title>
      <Island name="checkout" component={CheckoutView} props={{}} />
    </Container>
  );
}
