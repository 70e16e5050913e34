import { Container, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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
  return (
    <CheckoutPageFrame>
      <Island name="checkout" component={CheckoutView} props={{}} />
    </CheckoutPageFrame>
  );
}

/** A checkout page's title and heading around its island (this page's, the express checkout's). */
export function CheckoutPageFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <Container size="lg" py="xl">
      <PageTitle title={intl.formatMessage({ id: 'checkout.pageTitle' })} />
      <Title order={1} className={classes.heading}>
        <FormattedMessage id="checkout.heading" />
      </Title>
      {children}
    </Container>
  );
}
