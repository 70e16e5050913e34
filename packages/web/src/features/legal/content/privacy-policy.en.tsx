import type { LegalContent } from '../legal-document';
import { addressLine, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Privacy Policy',
  description: `What personal data ${brand} keeps, why, with whom it is shared, for how long, and the rights you have.`,
  intro: (
    <p>
      This policy explains how {seller.name} handles your personal data when you use {brand}: what we collect,
      why, who receives it, how long we keep it and what you can ask of us. Which cookies we use, and how you
      choose them, is explained in our <PageLink to="cookiePolicy">Cookie Policy</PageLink>.
    </p>
  ),
  sections: [
    {
      id: 'privacy-controller',
      heading: 'Who is responsible',
      body: (
        <p>
          {seller.name}
          {seller.address && <> ({addressLine(seller.address)})</>} is responsible for your personal data (the
          "controller"). For any question or request about your data, write to{' '}
          <MailLink email={seller.supportEmail} />.
        </p>
      ),
    },
    {
      id: 'privacy-data',
      heading: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Account:</strong> your name, e-mail address and password (stored only in a form that
            cannot be turned back into the password), and your language, country and time zone.
          </li>
          <li>
            <strong>Purchases and billing:</strong> what you bought and when, prices, discounts, credit used
            and refunds; your billing country and, depending on it, your postal code or region; for
            subscriptions, your billing address; and a VAT or tax number if you give one. We keep the invoices
            and credit notes issued to you.
          </li>
          <li>
            <strong>Payment:</strong> card details go directly to our payment provider. We keep only the
            card's brand, last four digits and expiry date, and the payment method used for each order. The
            tax ID some countries ask for at payment, such as a CPF in Brazil, goes to the payment provider;
            we do not keep it.
          </li>
          <li>
            <strong>Learning:</strong> the courses and subscriptions you hold and your settings. If you learn
            through an organization's Team Plan, your membership, role and license.
          </li>
          <li>
            <strong>Use of the site:</strong> only with your consent to performance cookies, the pages you
            view and what you do on them (for example adding a course to your cart), linked to a random
            visitor ID. Counters with no identifier (page views, errors) are kept without consent.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and browser details, used to keep the site secure
            (for example to limit repeated login attempts).
          </li>
          <li>
            <strong>Messages:</strong> what you write to our support team, and the e-mails we send you.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-purposes',
      heading: 'Why we use it',
      body: (
        <ul>
          <li>
            <strong>To provide the service you asked for</strong> (performance of a contract): your account,
            your purchases and subscriptions, payments, refunds, receipts and support.
          </li>
          <li>
            <strong>To meet our legal obligations:</strong> tax calculation, invoices and accounting records.
          </li>
          <li>
            <strong>For our legitimate interests:</strong> keeping the site and your account secure,
            preventing fraud and payment abuse, and understanding in aggregate how the site works so we can
            fix it.
          </li>
          <li>
            <strong>With your consent:</strong> performance, functional, advertising and social media cookies,
            and the tracking of your use of the site. You can withdraw your consent at any time under "Cookie
            settings" at the bottom of every page.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-sharing',
      heading: 'Who receives it',
      body: (
        <>
          <p>We do not sell your personal data. We share it only with:</p>
          <ul>
            <li>our payment provider, which processes payments and refunds and stores saved cards;</li>
            <li>a tax calculation service, if we use one, which receives your billing location;</li>
            <li>
              the providers that host the site and send our e-mails, which act only on our instructions;
            </li>
            <li>
              if you learn through a Team Plan, your organization's owners and admins, who see who holds a
              license and how members use it;
            </li>
            <li>authorities, when the law requires it.</li>
          </ul>
          <p>
            If you allow advertising or social media cookies, the tools behind them may receive information
            about your visit. Under some laws, such as California's, this can count as "sharing" for
            advertising; you can refuse it in Cookie settings.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-transfers',
      heading: 'International transfers',
      body: (
        <p>
          Our providers may process data in other countries. When data leaves the European Economic Area, the
          United Kingdom or another country that restricts transfers, we rely on the safeguards the law
          provides, such as an adequacy decision or standard contractual clauses.
        </p>
      ),
    },
    {
      id: 'privacy-retention',
      heading: 'How long we keep it',
      body: (
        <ul>
          <li>Account data: while your account is open.</li>
          <li>
            Orders, invoices and credit notes: for as long as tax and accounting laws require (up to 10 years
            in some countries), even after your account is closed.
          </li>
          <li>Records of your use of the site: 90 days.</li>
          <li>Login sessions: 14 days after your last activity, or until you log out.</li>
          <li>Security data such as the count of login attempts: a few hours.</li>
        </ul>
      ),
    },
    {
      id: 'privacy-rights',
      heading: 'Your rights',
      body: (
        <>
          <p>Depending on where you live, you have the right to:</p>
          <ul>
            <li>know what data we hold about you and get a copy of it, also in a portable format;</li>
            <li>have it corrected or deleted;</li>
            <li>object to or restrict some uses of it;</li>
            <li>withdraw your consent at any time, without affecting what was done before;</li>
            <li>not be treated differently for using these rights.</li>
          </ul>
          <p>
            To use them, write to <MailLink email={seller.supportEmail} /> from the e-mail address of your
            account, so we can check that the request is yours. We answer within the time the law sets (for
            example one month under the GDPR, 15 days under the LGPD). You can also complain to a data
            protection authority, for example the one of the country where you live.
          </p>
          <p>
            These rights come from laws such as the EU and UK General Data Protection Regulation, the
            California Consumer Privacy Act, Brazil's Lei Geral de Proteção de Dados (LGPD) and Japan's Act on
            the Protection of Personal Information.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-security',
      heading: 'Security',
      body: (
        <p>
          The site is served only over encrypted connections. Passwords are stored as strong one-way hashes,
          card numbers never reach our servers, and only the people who need it for their work can access
          personal data. No system is perfectly secure: if a breach put your data at risk, we would tell you
          and the authorities as the law requires.
        </p>
      ),
    },
    {
      id: 'privacy-children',
      heading: 'Children',
      body: (
        <p>
          {brand} is not meant for children under 16 without the involvement of a parent or guardian. If you
          believe a child has given us personal data without that permission, write to us and we will delete
          it.
        </p>
      ),
    },
    {
      id: 'privacy-changes',
      heading: 'Changes to this policy',
      body: (
        <p>
          We publish each new version of this policy on this page with its date. If a change matters for how
          we use your data, we tell you by e-mail or on the site before it applies.
        </p>
      ),
    },
  ],
});
