import { Container, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Island } from '../../app/islands/island';
import { PageTitle } from '../seo/page-head';
import { CartView } from './cart-view';
import classes from './cart.module.css';

/**
 * `/cart/`: the cart, saved for later and wishlist, coupons, totals and checkout. Served as
 * an islands page (decision 0026): the heading is the server's, the rest one island.
 */
export function CartPage() {
  const intl = useIntl();
  return (
    <Container size="lg" py="xl">
      <PageTitle title={intl.formatMessage({ id: 'cart.pageTitle' })} />
      <Title order={1} className={classes.heading}>
        <FormattedMessage id="cart.heading" />
      </Title>
      <Island name="cart" component={CartView} props={{}} />
    </Container>
  );
}
