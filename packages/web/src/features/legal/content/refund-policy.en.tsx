import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Refund Policy',
  description: `Courses bought on ${brand} can be refunded within ${REFUND_WINDOW_DAYS} days: how to ask, where the money goes, and when a refund is not possible.`,
  intro: (
    <p>
      If a course you bought on {brand} is not right for you, you can ask for a refund within{' '}
      {REFUND_WINDOW_DAYS} days of buying it. We ask you why, so that we can improve, but every reason is
      accepted.
    </p>
  ),
  sections: [
    {
      id: 'refunds-window',
      heading: `The ${REFUND_WINDOW_DAYS}-day refund`,
      body: (
        <ul>
          <li>
            Every paid course can be refunded until the end of the {REFUND_WINDOW_DAYS}th day after the day
            you bought it, whether or not you have started it. Days are counted in Coordinated Universal Time
            (UTC): a course bought on March 1 can be refunded until March 31, 23:59 UTC. Your Purchase history
            shows the last day for each course.
          </li>
          <li>
            Each course of an order is refunded on its own: you can keep some courses of an order and refund
            others.
          </li>
        </ul>
      ),
    },
    {
      id: 'refunds-how',
      heading: 'How to ask for a refund',
      body: (
        <>
          <ol>
            <li>
              Open your <PageLink to="purchaseHistory">Purchase history</PageLink> from the account menu.
            </li>
            <li>Find the course and choose "Request a refund".</li>
            <li>Tell us why, and confirm.</li>
          </ol>
          <p>
            The course leaves My courses right away, and we send you an e-mail when the refund is complete.
            You can follow it in the Refunds tab of your Purchase history.
          </p>
        </>
      ),
    },
    {
      id: 'refunds-money',
      heading: 'Where your money goes',
      body: (
        <ul>
          <li>
            What you paid by card or another payment method goes back to that same card or method. If you paid
            partly with account credit, that part goes back to your account credit.
          </li>
          <li>
            We send the refund to our payment provider at once. When it appears on your statement depends on
            your bank or payment method, usually within 5 to 10 business days.
          </li>
          <li>
            The refund is made in the currency you paid in and includes the tax you paid on the course. We
            cannot cover differences caused by your bank's exchange rates or fees.
          </li>
          <li>
            For each refund we issue a credit note, which you can download from your Purchase history next to
            the invoice.
          </li>
          <li>
            If you used a discount code that can only be used a limited number of times, the use is given back
            once every course bought with it in that order has been refunded.
          </li>
        </ul>
      ),
    },
    {
      id: 'refunds-refusals',
      heading: 'When a refund is not possible',
      body: (
        <>
          <ul>
            <li>More than {REFUND_WINDOW_DAYS} days have passed since the purchase.</li>
            <li>A refund for the course has already been requested.</li>
            <li>Nothing was paid for the course (a free course, or a 100% discount).</li>
            <li>
              The payment has not arrived yet, for example a voucher that has not been paid. Once the payment
              is complete, you can ask for a refund.
            </li>
          </ul>
          <p>
            If the payment provider cannot complete a refund, you get the course back and we tell you why by
            e-mail. Write to us and we will find a solution together.
          </p>
        </>
      ),
    },
    {
      id: 'refunds-subscriptions',
      heading: 'Subscriptions',
      body: (
        <p>
          Payments for the Personal Plan and Team Plans are not refunded, nor are unused parts of a billing
          period, except where the law requires it. You can cancel at any time on the{' '}
          <PageLink to="manageSubscriptions">Subscriptions</PageLink> page: you keep access until the end of
          the period already paid for, and a free trial cancelled before it ends costs nothing.
        </p>
      ),
    },
    {
      id: 'refunds-rights',
      heading: 'Your legal rights',
      body: (
        <p>
          This policy adds to the rights you have under the law of the country where you live; it does not
          replace them. Our {REFUND_WINDOW_DAYS}-day refund is longer than the withdrawal periods many
          consumer laws provide (14 days in the European Union and the United Kingdom, 7 days in Brazil) and
          applies even after you have started a course.
        </p>
      ),
    },
    {
      id: 'refunds-help',
      heading: 'Questions',
      body: (
        <p>
          Our <PageLink to="support">Help Center</PageLink> answers the most common questions. For anything
          else, write to <MailLink email={seller.supportEmail} /> from the e-mail address of your account.
        </p>
      ),
    },
  ],
});
