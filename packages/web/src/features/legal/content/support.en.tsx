import {
  DUNNING_RETRY_DAYS,
  REFUND_WINDOW_DAYS,
  TEAM_PLAN_LICENSES,
  TRIAL_REMINDER_DAYS,
} from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, listText, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'Help Center',
  description: `Answers to common questions about refunds, invoices, payments, subscriptions, Team Plans and your ${brand} account.`,
  intro: (
    <p>
      Answers to the questions we hear most. If yours is not here, <a href="#help-contact">write to us</a>.
    </p>
  ),
  sections: [
    {
      id: 'help-refunds',
      heading: 'Refunds',
      subsections: [
        {
          id: 'help-refund-how',
          heading: 'How do I get a refund for a course?',
          body: (
            <p>
              Within {REFUND_WINDOW_DAYS} days of buying a course, open your{' '}
              <PageLink to="purchaseHistory">Purchase history</PageLink>, find the course and choose "Request
              a refund". The course leaves My courses right away, and we e-mail you when the refund is
              complete. Our <PageLink to="refundPolicy">Refund Policy</PageLink> has the details.
            </p>
          ),
        },
        {
          id: 'help-refund-when',
          heading: 'When will I get my money back?',
          body: (
            <p>
              We send the refund to the card or payment method you paid with as soon as you ask. It usually
              appears on your statement within 5 to 10 business days, depending on your bank. Any part you
              paid with account credit goes back to your account credit.
            </p>
          ),
        },
        {
          id: 'help-refund-refused',
          heading: 'Why can I not request a refund?',
          body: (
            <p>
              A course cannot be refunded more than {REFUND_WINDOW_DAYS} days after its purchase, twice, when
              nothing was paid for it (a free course or a 100% discount), or before its payment has arrived
              (an unpaid voucher, for example). Your Purchase history shows the last day you can ask.
            </p>
          ),
        },
        {
          id: 'help-refund-subscription',
          heading: 'Can I get a refund for a subscription?',
          body: (
            <p>
              Subscription payments are not refunded, except where the law requires it. Cancel before the next
              renewal to stop further payments; you keep access until the end of the period already paid for.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-invoices',
      heading: 'Invoices and receipts',
      subsections: [
        {
          id: 'help-invoice-where',
          heading: 'Where do I find my invoice?',
          body: (
            <p>
              In your <PageLink to="purchaseHistory">Purchase history</PageLink>: every course order and
              subscription payment has a PDF invoice ("Download"), and every refund a credit note. Owners and
              admins of an organization also find the organization's invoices there and under Billing in the
              organization's admin area.
            </p>
          ),
        },
        {
          id: 'help-invoice-business',
          heading: 'Can my invoice show my company and VAT number?',
          body: (
            <p>
              Yes. In countries where business tax numbers are accepted, enter your VAT or GST number at
              checkout; if the sale is reverse-charged, no VAT is added and the invoice says why. For a Team
              Plan, owners and admins keep the organization's billing details and tax ID under Billing. An
              invoice cannot be changed once it has been issued: if something on it is wrong, write to us with
              its number.
            </p>
          ),
        },
        {
          id: 'help-invoice-tax',
          heading: 'Why was tax added to my purchase?',
          body: (
            <p>
              Sales tax, VAT or GST depends on your billing country (and in the United States and Canada on
              your postal code or province). Checkout shows it before you pay, and your invoice shows each tax
              separately.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-payments',
      heading: 'Payment methods',
      subsections: [
        {
          id: 'help-payment-methods',
          heading: 'Which payment methods can I use?',
          body: (
            <p>
              Cards everywhere, and depending on your billing country Apple Pay, Google Pay, PayPal, buy now
              pay later and local methods such as iDEAL, SEPA Direct Debit, Boleto, Pix, OXXO or UPI. Checkout
              shows the methods available in your country. Subscriptions are paid by card. When you buy
              courses, your account credit is used first.
            </p>
          ),
        },
        {
          id: 'help-payment-declined',
          heading: 'Why was my payment declined?',
          body: (
            <p>
              Check the card number, expiry date, security code and billing country. Banks also decline
              payments for insufficient funds, online or foreign payments that are blocked, or a security
              check (3-D Secure) that was not completed. Try again, use another method or ask your bank. After
              several declined attempts, checkout pauses card payments for a short while to protect your
              account.
            </p>
          ),
        },
        {
          id: 'help-payment-saved',
          heading: 'How do I remove a saved card?',
          body: (
            <p>
              On the <PageLink to="paymentSettings">Payment methods</PageLink> page, choose "Delete" next to
              the card.
            </p>
          ),
        },
        {
          id: 'help-payment-pending',
          heading: 'My payment is pending. What now?',
          body: (
            <p>
              Vouchers (such as Boleto or OXXO) and some bank payments are confirmed only after you pay them.
              The confirmation page links to your voucher; the course becomes available as soon as the payment
              arrives. A voucher that is not paid before it expires is cancelled at no cost.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-subscriptions',
      heading: 'Subscriptions',
      subsections: [
        {
          id: 'help-subscription-cancel',
          heading: 'How do I cancel my subscription?',
          body: (
            <p>
              On the <PageLink to="manageSubscriptions">Subscriptions</PageLink> page, choose "Cancel
              subscription". You keep access until the end of the period already paid for, and you can
              reactivate the subscription until then.
            </p>
          ),
        },
        {
          id: 'help-subscription-trial',
          heading: 'Will I be charged after my free trial?',
          body: (
            <p>
              Yes, unless you cancel before the trial ends. Your card is charged when the trial ends, and we
              remind you by e-mail {TRIAL_REMINDER_DAYS} days before. Each card can be used for one free
              trial.
            </p>
          ),
        },
        {
          id: 'help-subscription-failed',
          heading: 'What happens if a renewal payment fails?',
          body: (
            <p>
              We e-mail you and try again {listText('en', DUNNING_RETRY_DAYS)} days after the due date; your
              plan stays usable meanwhile. Make sure your card can be charged, or ask your bank why it was
              declined. If the last attempt fails, the subscription ends.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-team-plan',
      heading: 'Team Plan licenses',
      subsections: [
        {
          id: 'help-team-licenses',
          heading: 'How many licenses can a Team Plan have?',
          body: (
            <p>
              From {TEAM_PLAN_LICENSES.minimum} to {TEAM_PLAN_LICENSES.maximum}. Each license lets one member
              learn with {businessBrand}. Larger organizations can ask us about the Enterprise Plan.
            </p>
          ),
        },
        {
          id: 'help-team-add',
          heading: 'How do I add licenses?',
          body: (
            <p>
              Owners and admins choose "Add licenses" under Subscription management in the organization's
              admin area. Licenses added during the free trial cost nothing until it ends; after it, you pay
              for the rest of the current billing period at once, prorated by day.
            </p>
          ),
        },
        {
          id: 'help-team-invite',
          heading: 'How do I give a license to a colleague?',
          body: (
            <p>
              Under Users in the organization's admin area, choose "Invite users" and enter their e-mail
              address. Each open invitation holds a license; your colleague accepts it from the link in the
              e-mail. Removing a member frees their license for someone else. The{' '}
              <PageLink to="businessTerms">{businessBrand} Terms</PageLink> apply to Team Plans.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-account',
      heading: 'Your account',
      subsections: [
        {
          id: 'help-account-access',
          heading: 'I forgot my password or want to change my e-mail address',
          body: (
            <p>
              Write to us from the e-mail address of your account, so we can check that the account is yours,
              and we will help you.
            </p>
          ),
        },
        {
          id: 'help-account-delete',
          heading: 'How do I delete my account?',
          body: (
            <p>
              Write to us from the e-mail address of your account. Cancel any subscription first. We delete
              your personal data, except the invoices and records that tax laws require us to keep, as our{' '}
              <PageLink to="privacyPolicy">Privacy Policy</PageLink> explains.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-contact',
      heading: 'Contact us',
      body: (
        <>
          <p>
            Write to <MailLink email={seller.supportEmail} /> from the e-mail address of your account. About a
            purchase, include the invoice number or the date and the course, so we can find it quickly.
          </p>
          <p>
            {seller.name}
            {seller.address && <>, {addressLine(seller.address)}</>}
          </p>
        </>
      ),
    },
  ],
});
