import { DUNNING_RETRY_DAYS, REFUND_WINDOW_DAYS, TRIAL_REMINDER_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, listText, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'Terms of Use',
  description: `The rules for using ${brand}: your account, buying courses, subscriptions, refunds and your rights.`,
  intro: (
    <>
      <p>
        These terms are an agreement between you and {seller.name} ("we", "us"), which runs {brand}. They
        apply when you browse {brand}, create an account, or buy a course or a subscription. Please read them
        together with our <PageLink to="refundPolicy">Refund Policy</PageLink>,{' '}
        <PageLink to="privacyPolicy">Privacy Policy</PageLink> and{' '}
        <PageLink to="cookiePolicy">Cookie Policy</PageLink>. If your organization buys a Team Plan, the{' '}
        <PageLink to="businessTerms">{businessBrand} Terms</PageLink> also apply to it.
      </p>
      <p>By creating an account or making a purchase, you accept these terms.</p>
    </>
  ),
  sections: [
    {
      id: 'terms-account',
      heading: 'Your account',
      body: (
        <ul>
          <li>
            You need an account to buy and take courses. Give us accurate information and keep it up to date.
          </li>
          <li>
            An account is for one person. Keep your password to yourself and do not share your account: you
            are responsible for what is done with it. If you think someone else has used it, write to us at{' '}
            <MailLink email={seller.supportEmail} /> right away.
          </li>
          <li>
            You must be old enough to enter into a contract where you live, or have the permission of a parent
            or guardian who accepts these terms for you.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-buying',
      heading: 'Buying courses',
      body: (
        <ul>
          <li>
            Prices are shown on each course page and at checkout, in the currency of your billing country.
            Sales tax, VAT or a similar tax is added to the price or included in it, as the law of your
            billing country requires; checkout shows the tax before you pay.
          </li>
          <li>
            Your purchase is complete when your payment is confirmed. Some payment methods, such as bank
            transfers and vouchers paid in cash, are confirmed later: the course becomes available when the
            payment arrives, and a voucher that is not paid in time expires without cost.
          </li>
          <li>
            Every purchase has an invoice, which you can download from your{' '}
            <PageLink to="purchaseHistory">Purchase history</PageLink>.
          </li>
          <li>
            Discount codes apply under their own conditions (dates, courses, number of uses) and cannot be
            exchanged for money. Account credit can be spent on {brand}; it cannot be paid out or transferred
            to another account.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-access',
      heading: 'Your access to courses',
      body: (
        <>
          <p>
            When you buy a course, you get a personal, non-transferable license to watch and use it for your
            own learning, for as long as your account is open and the course is offered on {brand}. The
            license ends if the course is refunded.
          </p>
          <p>
            Courses are created by their instructors, who keep their rights in them. You may not copy, resell,
            share, publicly show or record courses, or use them to teach others for a fee. A course is offered
            as its instructor describes it; we cannot promise that it will bring you a particular result.
          </p>
        </>
      ),
    },
    {
      id: 'terms-subscriptions',
      heading: 'Subscriptions',
      body: (
        <ul>
          <li>
            The Personal Plan gives you access to a collection of courses for as long as your subscription
            lasts. It is paid in advance for each billing period (monthly or yearly) with the card saved on
            your account.
          </li>
          <li>
            A plan may start with a free trial. We save your card when the trial starts and charge it when the
            trial ends, unless you cancel before then; we remind you by e-mail {TRIAL_REMINDER_DAYS} days
            before. A card can be used for only one free trial.
          </li>
          <li>
            Your subscription renews automatically at the end of each billing period, at the price of the plan
            then in effect, until you cancel it. We tell you about a price change before it applies to you.
          </li>
          <li>
            If a renewal payment fails, we try again {listText('en', DUNNING_RETRY_DAYS)} days after it was
            due and let you know by e-mail; you keep your access meanwhile. If the last attempt fails, the
            subscription ends.
          </li>
          <li>
            You can cancel at any time on the <PageLink to="manageSubscriptions">Subscriptions</PageLink>{' '}
            page. You keep access until the end of the period already paid for and can reactivate the
            subscription until then. Subscription payments are not refunded, except where the law requires it.
          </li>
          <li>
            Team Plans are bought by organizations for their members, under the{' '}
            <PageLink to="businessTerms">{businessBrand} Terms</PageLink>.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-refunds',
      heading: 'Refunds',
      body: (
        <p>
          You can ask for a refund of a course within {REFUND_WINDOW_DAYS} days of buying it, from your
          Purchase history. Our <PageLink to="refundPolicy">Refund Policy</PageLink> explains how refunds
          work, where the money goes and when a refund is not possible.
        </p>
      ),
    },
    {
      id: 'terms-payments',
      heading: 'Payments',
      body: (
        <>
          <p>
            Payments are processed by our payment provider. Card numbers go directly to the provider; we never
            see or store them. If you save a card, we keep only its brand, last four digits and expiry date,
            to show it to you. You can delete a saved card on the{' '}
            <PageLink to="paymentSettings">Payment methods</PageLink> page.
          </p>
          <p>You may only use payment methods that you are authorized to use.</p>
        </>
      ),
    },
    {
      id: 'terms-acceptable-use',
      heading: 'Acceptable use',
      body: (
        <>
          <p>When you use {brand}, do not:</p>
          <ul>
            <li>break the law or the rights of others;</li>
            <li>share your account, or use someone else's account or data;</li>
            <li>misuse payments, discount codes, account credit, free trials or refunds;</li>
            <li>
              copy the site or its courses by automated means, overload it, probe its security or spread
              malicious code.
            </li>
          </ul>
          <p>
            If you break these terms, we may suspend or close your account. Unless there is an urgent reason,
            we tell you first and give you a chance to explain.
          </p>
        </>
      ),
    },
    {
      id: 'terms-service',
      heading: 'Our service',
      body: (
        <>
          <p>
            The {brand} name, design and software belong to us or our licensors. These terms give you no right
            to them other than to use the service.
          </p>
          <p>
            We work to keep {brand} available and secure, but it may sometimes be unavailable for maintenance
            or for reasons beyond our control. We may change or remove features; if a change significantly
            affects something you paid for, we tell you in advance and, where the law requires it, let you
            cancel or give you a refund.
          </p>
        </>
      ),
    },
    {
      id: 'terms-privacy',
      heading: 'Privacy and cookies',
      body: (
        <p>
          Our <PageLink to="privacyPolicy">Privacy Policy</PageLink> explains how we handle your personal
          data, and our <PageLink to="cookiePolicy">Cookie Policy</PageLink> which cookies we use. You can
          change your cookie choices at any time under "Cookie settings" at the bottom of every page.
        </p>
      ),
    },
    {
      id: 'terms-closing',
      heading: 'Closing your account',
      body: (
        <p>
          You can stop using {brand} at any time and ask us to close your account by writing to{' '}
          <MailLink email={seller.supportEmail} />. Closing your account ends your access to the courses on
          it, so cancel any subscription first. Purchases are not refunded because an account is closed,
          except as our Refund Policy or the law provides.
        </p>
      ),
    },
    {
      id: 'terms-liability',
      heading: 'Liability',
      body: (
        <>
          <p>
            Nothing in these terms limits the rights you have as a consumer under the law of the country where
            you live, or our liability where the law does not allow it to be limited, such as for intent,
            gross negligence, or death or personal injury caused by negligence.
          </p>
          <p>
            Within those limits, we are not liable for losses that could not be foreseen when you made a
            purchase, or for business losses such as lost profits: {brand} is offered for personal learning.
            Our total liability for a purchase is limited to the amount you paid for it.
          </p>
        </>
      ),
    },
    {
      id: 'terms-changes',
      heading: 'Changes to these terms',
      body: (
        <p>
          We may update these terms, for example for new features or a change in the law. We publish each new
          version on this page with its date and, before an important change applies to you, tell you by
          e-mail or on the site. A change never applies to a purchase already made. If you do not accept the
          new terms, you can stop using {brand} and close your account.
        </p>
      ),
    },
    {
      id: 'terms-law',
      heading: 'Applicable law and disputes',
      body: (
        <p>
          These terms are governed by the law of the country where {seller.name} is established. As a
          consumer, you also keep the protection of the mandatory laws of the country where you live, and you
          can take a claim to its courts. Please contact us first: most problems can be solved quickly.
        </p>
      ),
    },
    {
      id: 'terms-contact',
      heading: 'Contact',
      body: (
        <p>
          {seller.name}
          {seller.address && <>, {addressLine(seller.address)}</>}. E-mail:{' '}
          <MailLink email={seller.supportEmail} />. Answers to common questions are in our{' '}
          <PageLink to="support">Help Center</PageLink>.
        </p>
      ),
    },
  ],
});
