import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';
import { CookieSettingsButton } from '../cookie-settings-button';
import { CookieTable, type CookieDetails } from '../cookie-table';
import classes from '../legal.module.css';

const csrf = {
  purpose: 'Protects your forms and account changes against forgery from other sites.',
  duration: '1 year',
};

const COOKIES: CookieDetails = {
  csrftoken: csrf,
  '__Host-csrftoken': csrf,
  sessionid: { purpose: 'Keeps you logged in.', duration: '14 days after your last visit' },
  lectern_visitor: {
    purpose: 'Recognizes your browser, so your cart is kept before you log in.',
    duration: '2 years',
  },
  lectern_consent: { purpose: 'Remembers your cookie choices.', duration: '1 year' },
  price_country: { purpose: 'The country whose currency and prices are shown.', duration: 'Up to 1 year' },
  'ud_cache_*': {
    purpose: 'Lets our servers answer with the right cached version of a page.',
    duration: 'Up to 1 year',
  },
  ud_locale: { purpose: 'Remembers the language you chose.', duration: '1 year' },
  lectern_tracking_session: {
    purpose: 'Groups the pages you view in one visit, to measure how the site is used.',
    duration: '30 minutes after your last activity',
  },
  '_ga*': { purpose: 'Web analytics: counts visits and how pages are used.', duration: 'Up to 2 years' },
  '_gid*': { purpose: 'Web analytics: tells visits apart over one day.', duration: '24 hours' },
  '_hj*': { purpose: 'Session recording, to see where pages are hard to use.', duration: 'Up to 1 year' },
  '_gcl_*': { purpose: 'Measures which ads led to a purchase.', duration: '90 days' },
  '_fbp*': { purpose: 'Advertising: shows you relevant ads and measures them.', duration: '90 days' },
  '_uet*': { purpose: 'Measures which ads led to a purchase.', duration: 'Up to 13 months' },
  'li_*': {
    purpose: "Lets a social network's tools load so you can share content.",
    duration: 'Up to 6 months',
  },
};

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Cookie Policy',
  description: `Which cookies ${brand} uses, what each one is for, and how to change your choice.`,
  intro: (
    <p>
      Cookies are small files a website stores in your browser. This policy explains which cookies {brand}{' '}
      uses and how you choose them. How we handle personal data in general is explained in our{' '}
      <PageLink to="privacyPolicy">Privacy Policy</PageLink>.
    </p>
  ),
  sections: [
    {
      id: 'cookies-categories',
      heading: 'The kinds of cookies we use',
      body: (
        <ul>
          <li>
            <strong>Strictly necessary:</strong> keep you logged in, protect forms against forgery, hold your
            cart and remember your cookie choice. The site cannot work without them, so they are always on.
          </li>
          <li>
            <strong>Performance:</strong> count visits and measure how pages are used so we can improve them.
            They are also needed for analytics and session recordings.
          </li>
          <li>
            <strong>Functional:</strong> remember choices such as your language.
          </li>
          <li>
            <strong>Advertising:</strong> let advertising partners show you relevant ads and measure how they
            perform.
          </li>
          <li>
            <strong>Social media:</strong> let social networks' tools load so you can share content.
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies-list',
      heading: 'The cookies',
      body: (
        <>
          <p>
            Cookies whose names end in * belong to analytics, advertising or social media tools. These tools
            load only if we use them and only once you have allowed their category.
          </p>
          <CookieTable details={COOKIES} />
        </>
      ),
    },
    {
      id: 'cookies-storage',
      heading: 'Other storage in your browser',
      body: (
        <p>
          We also use your browser's storage to keep your cart between visits and the courses you are checking
          out. With your consent to performance cookies, it also holds usage events waiting to be sent. When
          you withdraw that consent, we delete them.
        </p>
      ),
    },
    {
      id: 'cookies-choices',
      heading: 'Your choices',
      body: (
        <>
          <p>
            Until you choose, only strictly necessary cookies are used. In regions where the law lets cookies
            be used until you refuse them (such as the United States), all categories are on until you turn
            them off. Your choice is kept for a year, and you can change it at any time under "Cookie
            settings" at the bottom of every page. When you turn a category off, we delete its cookies.
          </p>
          <div className={classes.action}>
            <CookieSettingsButton />
          </div>
          <p>
            You can also block or delete cookies in your browser's settings; without strictly necessary
            cookies, you will not be able to log in or buy.
          </p>
        </>
      ),
    },
    {
      id: 'cookies-contact',
      heading: 'Questions',
      body: (
        <p>
          Write to <MailLink email={seller.supportEmail} />.
        </p>
      ),
    },
  ],
});
