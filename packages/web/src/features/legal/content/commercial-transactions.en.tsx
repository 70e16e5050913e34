import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, FactTable, MailLink, PageLink } from '../legal-prose';

const ON_REQUEST = 'Disclosed without delay on request.';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Disclosure under the Act on Specified Commercial Transactions',
  description: `The seller and terms of sale of ${brand}, as Japan's Act on Specified Commercial Transactions requires.`,
  intro: (
    <p>
      Japan's Act on Specified Commercial Transactions (特定商取引法) requires online sellers to publish the
      following information. It applies to every purchase on {brand}. The Japanese version of this page is the
      authoritative one.
    </p>
  ),
  sections: [
    {
      id: 'commercial-seller',
      heading: 'Seller',
      body: (
        <FactTable
          rows={[
            ['Seller', seller.name],
            ['Person responsible for operations', ON_REQUEST],
            ['Address', seller.address ? addressLine(seller.address) : ON_REQUEST],
            ['Telephone', `${ON_REQUEST} Please contact us by e-mail first.`],
            ['E-mail', <MailLink key="email" email={seller.supportEmail} />],
          ]}
        />
      ),
    },
    {
      id: 'commercial-terms',
      heading: 'Terms of sale',
      body: (
        <FactTable
          rows={[
            [
              'Price',
              'As shown on each course page and at checkout, in the currency of your billing country. Prices include consumption tax where it applies.',
            ],
            ['Other charges', 'None. The cost of your internet connection is yours to bear.'],
            [
              'Payment methods',
              'Courses: credit and debit cards, Apple Pay, Google Pay, PayPal and account credit. Subscriptions: credit and debit cards.',
            ],
            [
              'When you pay',
              'Courses: when you complete the purchase. Subscriptions: when you subscribe or, after a free trial, when the trial ends; then at the start of each billing period (monthly or yearly) until you cancel.',
            ],
            ['Delivery', 'Courses and subscriptions can be used immediately after the payment is confirmed.'],
            [
              'Cancellation and refunds',
              <>
                Courses: a full refund on request within {REFUND_WINDOW_DAYS} days of purchase, as our{' '}
                <PageLink to="refundPolicy">Refund Policy</PageLink> explains. Subscriptions: can be cancelled
                at any time on the <PageLink to="manageSubscriptions">Subscriptions</PageLink> page and stay
                usable until the end of the period already paid for; payments already made are not refunded,
                except where the law requires it.
              </>,
            ],
            [
              'Subscription period',
              'Renews automatically every month or every year, depending on the plan you chose, until you cancel.',
            ],
            [
              'System requirements',
              'An internet connection and a current version of Chrome, Edge, Firefox or Safari.',
            ],
          ]}
        />
      ),
    },
  ],
});
