import { money } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, escapeHtml, renderMail, type MailContent } from './mail-templates.js';

const context = { brandName: 'Lectern', publicUrl: 'https://learn.example.com', locale: 'en-US' };
const usd = (amount: number) => money(amount, 'USD');

const SAMPLES: { [Kind in MailContent['kind']]: Extract<MailContent, { kind: Kind }> } = {
  trial_started: {
    kind: 'trial_started',
    planName: 'Team Plan',
    trialEndDate: '2026-03-28T00:00:00Z',
    firstCharge: usd(36000),
    manageUrl: '/user/manage-subscriptions/',
  },
  trial_ending: {
    kind: 'trial_ending',
    planName: 'Team Plan',
    trialEndDate: '2026-03-28T00:00:00Z',
    firstCharge: usd(36000),
    manageUrl: '/user/manage-subscriptions/',
  },
  payment_receipt: {
    kind: 'payment_receipt',
    planName: 'Team Plan',
    receiptRef: 'LR-1042',
    paidAt: '2026-03-14T09:30:00Z',
    amount: usd(39240),
    tax: usd(3240),
    periodStart: '2026-03-14T00:00:00Z',
    periodEnd: '2027-03-14T00:00:00Z',
    licenses: 10,
    cardBrand: 'visa',
    cardLast4: '4242',
    receiptUrl: '/user/manage-subscriptions/receipts/LR-1042/',
  },
  payment_failed: {
    kind: 'payment_failed',
    planName: 'Team Plan',
    amount: usd(36000),
    reason: 'Your card was declined.',
    nextRetryDate: '2026-03-17T00:00:00Z',
    updateCardUrl: '/payment/checkout-teamplan/?update_card=1',
  },
  authentication_required: {
    kind: 'authentication_required',
    planName: 'Personal Plan',
    amount: usd(3000),
    authenticateUrl: 'https://pay.example.com/3ds/abc',
  },
  subscription_cancelled: {
    kind: 'subscription_cancelled',
    planName: 'Personal Plan',
    endDate: '2026-04-01T00:00:00Z',
    reactivateUrl: '/user/manage-subscriptions/',
  },
  subscription_reactivated: {
    kind: 'subscription_reactivated',
    planName: 'Personal Plan',
    nextChargeDate: '2026-04-01T00:00:00Z',
    amount: usd(3000),
  },
  subscription_expired: {
    kind: 'subscription_expired',
    planName: 'Team Plan',
    endDate: '2026-04-01T00:00:00Z',
    resubscribeUrl: '/payment/resubscribe-teamplan/',
  },
  retention_offer_accepted: {
    kind: 'retention_offer_accepted',
    planName: 'Personal Plan',
    percentOff: 50,
    periods: 2,
    interval: 'MONTH',
    discountedAmount: usd(1659),
    regularAmount: usd(3317),
    chargeDates: ['2027-03-05T00:00:00Z', '2027-04-05T00:00:00Z'],
    regularFrom: '2027-05-05T00:00:00Z',
    manageUrl: '/user/manage-subscriptions/',
  },
  licenses_added: {
    kind: 'licenses_added',
    planName: 'Team Plan',
    added: 3,
    total: 13,
    charged: usd(5918),
  },
  organization_invitation: {
    kind: 'organization_invitation',
    organizationName: 'Acme Learning',
    inviterName: 'Olivia Owner',
    acceptUrl: '/organization-manage-v2/invitations/accept/?token=abc123',
  },
  staff_invitation: {
    kind: 'staff_invitation',
    inviterName: 'Otto Operator',
    roleName: 'Support',
    expiresAt: '2026-03-21T09:30:00Z',
    acceptUrl: '/admin/invitations/accept/?token=abc123',
  },
  admin_export_ready: {
    kind: 'admin_export_ready',
    exportName: 'Credit notes',
    period: '2026-01-01 to 2026-03-31',
    rows: 120000,
    expiresAt: '2026-04-08T09:30:00Z',
    downloadUrl: '/admin/exports/?file=abc123',
  },
  organization_ownership_received: {
    kind: 'organization_ownership_received',
    organizationName: 'Acme Learning',
    previousOwnerName: 'Olivia Owner',
    manageUrl: '/organization-manage-v2/users/',
  },
  organization_ownership_handed_over: {
    kind: 'organization_ownership_handed_over',
    organizationName: 'Acme Learning',
    newOwnerName: 'Ada Admin',
    manageUrl: '/organization-manage-v2/users/',
  },
  learning_community_invitation: {
    kind: 'learning_community_invitation',
    communityTitle: 'Cloud Certification Circle',
    inviterName: 'Omar Owner',
    message: 'We meet on Thursdays.',
    communityUrl: '/home/my-courses/',
  },
  guest_purchase_waiting: {
    kind: 'guest_purchase_waiting',
    courseTitles: ['TypeScript from First Principles', 'React in Practice'],
    setPasswordUrl: '/join/set-password/?token=abc123',
  },
  refund_completed: {
    kind: 'refund_completed',
    courseTitle: 'TypeScript from First Principles',
    amount: usd(2129),
    destinations: [
      { label: 'Visa ****4242', amount: usd(1000) },
      { label: 'Account credit', amount: usd(1129) },
    ],
    historyUrl: '/dashboard/purchase-history/?tab=refunds',
  },
  refund_failed: {
    kind: 'refund_failed',
    courseTitle: 'TypeScript from First Principles',
    amount: usd(2129),
    reason: 'the payment provider refused it.',
    historyUrl: '/dashboard/purchase-history/?tab=refunds',
  },
  gift_received: {
    kind: 'gift_received',
    fromName: 'Lena Learner',
    recipientName: 'Ana',
    courseTitle: 'TypeScript from First Principles',
    message: 'Happy birthday <3',
    redeemUrl: '/gift/redeem/?code=abc123',
  },
  gift_redeemed: {
    kind: 'gift_redeemed',
    recipientEmail: 'ana@example.com',
    courseTitle: 'TypeScript from First Principles',
    historyUrl: '/dashboard/purchase-history/',
  },
};

/** The facts each kind must state, in the subject (first) and in both parts (all). */
const FACTS: Record<MailContent['kind'], { subject: string; body: string[]; link: string }> = {
  trial_started: {
    subject: 'Your Team Plan trial has started',
    body: ['March 28, 2026', '$360.00'],
    link: 'https://learn.example.com/user/manage-subscriptions/',
  },
  trial_ending: {
    subject: 'Your Team Plan trial ends on March 28, 2026',
    body: ['March 28, 2026', '$360.00', 'cancel before'],
    link: 'https://learn.example.com/user/manage-subscriptions/',
  },
  payment_receipt: {
    subject: 'Your Lectern receipt LR-1042',
    body: [
      'LR-1042',
      'March 14, 2026',
      'March 14, 2026 – March 14, 2027',
      '$392.40',
      'Tax: $32.40',
      'Licenses: 10',
      'Visa ending in 4242',
    ],
    link: 'https://learn.example.com/user/manage-subscriptions/receipts/LR-1042/',
  },
  payment_failed: {
    subject: 'We could not charge your card for Team Plan',
    body: ['$360.00', 'Your card was declined.', 'March 17, 2026'],
    link: 'https://learn.example.com/payment/checkout-teamplan/?update_card=1',
  },
  authentication_required: {
    subject: 'Confirm your Personal Plan payment',
    body: ['$30.00', 'confirm'],
    link: 'https://pay.example.com/3ds/abc',
  },
  subscription_cancelled: {
    subject: 'Your Personal Plan subscription has been cancelled',
    body: ['April 1, 2026', 'reactivate'],
    link: 'https://learn.example.com/user/manage-subscriptions/',
  },
  subscription_reactivated: {
    subject: 'Your Personal Plan subscription is active again',
    body: ['$30.00', 'April 1, 2026'],
    link: 'https://learn.example.com/user/manage-subscriptions/',
  },
  subscription_expired: {
    subject: 'Your Team Plan subscription has ended',
    body: ['April 1, 2026', 'subscribe again'],
    link: 'https://learn.example.com/payment/resubscribe-teamplan/',
  },
  retention_offer_accepted: {
    subject: 'Your Personal Plan discount is confirmed',
    body: [
      '50% off your next 2 monthly payments',
      '$16.59 instead of $33.17 on March 5, 2027 and April 5, 2027',
      'From May 5, 2027',
      'cancel at any time',
    ],
    link: 'https://learn.example.com/user/manage-subscriptions/',
  },
  licenses_added: {
    subject: '3 licenses added to your Team Plan',
    body: ['13 licenses', '$59.18'],
    link: 'https://learn.example.com/user/manage-subscriptions/',
  },
  organization_invitation: {
    subject: 'Olivia Owner invited you to join Acme Learning on Lectern',
    body: ['Acme Learning', 'Olivia Owner'],
    link: 'https://learn.example.com/organization-manage-v2/invitations/accept/?token=abc123',
  },
  staff_invitation: {
    subject: 'Otto Operator invited you to the Lectern staff',
    body: ['as Support', 'Otto Operator', 'March 21, 2026', 'The link works once'],
    link: 'https://learn.example.com/admin/invitations/accept/?token=abc123',
  },
  admin_export_ready: {
    subject: 'Your credit notes export is ready',
    body: ['2026-01-01 to 2026-03-31', '120,000', 'April 8, 2026', 'works only for you'],
    link: 'https://learn.example.com/admin/exports/?file=abc123',
  },
  organization_ownership_received: {
    subject: 'You are now the owner of Acme Learning on Lectern',
    body: ['Olivia Owner handed the ownership of Acme Learning over to you', 'admin'],
    link: 'https://learn.example.com/organization-manage-v2/users/',
  },
  organization_ownership_handed_over: {
    subject: 'You handed Acme Learning over to Ada Admin',
    body: ['Ada Admin is now the owner of Acme Learning', 'as an admin', 'change your password'],
    link: 'https://learn.example.com/organization-manage-v2/users/',
  },
  learning_community_invitation: {
    subject: 'Omar Owner added you to the learning community Cloud Certification Circle',
    body: ['Cloud Certification Circle', 'We meet on Thursdays.'],
    link: 'https://learn.example.com/home/my-courses/',
  },
  guest_purchase_waiting: {
    subject: 'Your courses are waiting: set your Lectern password',
    body: ['TypeScript from First Principles', 'React in Practice', 'The link works once'],
    link: 'https://learn.example.com/join/set-password/?token=abc123',
  },
  refund_completed: {
    subject: 'Your refund for TypeScript from First Principles',
    body: ['$21.29', 'Visa ****4242: $10.00', 'Account credit: $11.29'],
    link: 'https://learn.example.com/dashboard/purchase-history/?tab=refunds',
  },
  refund_failed: {
    subject: 'We could not refund TypeScript from First Principles',
    body: ['$21.29', 'the payment provider refused it.', 'back in your courses'],
    link: 'https://learn.example.com/dashboard/purchase-history/?tab=refunds',
  },
  gift_received: {
    subject: 'Lena Learner sent you a course: TypeScript from First Principles',
    body: ['Ana, you have a gift', 'Happy birthday', 'log in or sign up'],
    link: 'https://learn.example.com/gift/redeem/?code=abc123',
  },
  gift_redeemed: {
    subject: 'Your gift of TypeScript from First Principles was redeemed',
    body: ['ana@example.com added'],
    link: 'https://learn.example.com/dashboard/purchase-history/',
  },
};

describe('renderMail', () => {
  for (const mail of Object.values(SAMPLES)) {
    it(`renders ${mail.kind} with its facts in the subject, the HTML and the text`, () => {
      const rendered = renderMail(mail, context);
      const facts = FACTS[mail.kind];
      expect(rendered.subject).toBe(facts.subject);
      const htmlText = rendered.html.replace(/<[^>]*>/g, '').toLowerCase();
      for (const fact of facts.body) {
        expect(rendered.text.toLowerCase()).toContain(fact.toLowerCase());
        expect(htmlText).toContain(escapeHtml(fact).toLowerCase());
      }
      expect(rendered.html).toContain(`href="${escapeHtml(facts.link)}"`);
      expect(rendered.text).toContain(facts.link);
      // The brand heads both parts; the HTML is a whole document with a title.
      expect(rendered.html).toContain('>Lectern</p></header>');
      expect(rendered.text.startsWith('Lectern\n')).toBe(true);
      expect(rendered.html).toMatch(/^<!doctype html>\s*<html lang="en">/);
      expect(rendered.html).toContain(`<title>${escapeHtml(facts.subject)}</title>`);
      expect(rendered.html).not.toContain('<table');
    });
  }

  it('escapes every interpolated value in the HTML, and keeps the text as written', () => {
    const rendered = renderMail(
      {
        ...SAMPLES.payment_receipt,
        planName: 'Team <script>alert("x")</script> & Co',
        receiptRef: `LR-"1"'`,
        cardBrand: '<b>',
        receiptUrl: '/receipts/?a=1&b="2"',
      },
      { ...context, brandName: 'Acme <Learning>' },
    );
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).not.toContain('<b>');
    expect(rendered.html).toContain('Team &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(rendered.html).toContain('LR-&quot;1&quot;&#39;');
    expect(rendered.html).toContain('Acme &lt;Learning&gt;');
    expect(rendered.html).toContain('href="https://learn.example.com/receipts/?a=1&amp;b=&quot;2&quot;"');
    expect(rendered.text).toContain('Team <script>alert("x")</script> & Co');
    expect(rendered.subject).toBe(`Your Acme <Learning> receipt LR-"1"'`);
  });

  it('keeps the subject on one line', () => {
    const rendered = renderMail(
      { ...SAMPLES.trial_started, planName: 'Team\r\nBcc: x@example.com' },
      context,
    );
    expect(rendered.subject).toBe('Your Team Bcc: x@example.com trial has started');
  });

  it('formats amounts, numbers and dates by locale', () => {
    const german = renderMail(SAMPLES.payment_receipt, { ...context, locale: 'de_DE' });
    expect(german.text).toContain('Amount paid: 392,40\u00a0$');
    expect(german.text).toContain('14. März 2026 – 14. März 2027');
    const english = renderMail({ ...SAMPLES.trial_started, firstCharge: usd(36000) }, context);
    expect(english.text).toContain('$360.00');
    const euros = renderMail(
      { ...SAMPLES.licenses_added, added: 1, total: 1200, charged: money(123456, 'EUR') },
      { ...context, locale: 'de-DE' },
    );
    expect(euros.subject).toBe('1 license added to your Team Plan');
    expect(euros.text).toContain('You now have 1.200 licenses.');
    expect(euros.text).toContain('1.234,56\u00a0€');
    const yen = renderMail({ ...SAMPLES.authentication_required, amount: money(3000, 'JPY') }, context);
    expect(yen.text).toContain('¥3,000');
  });

  it('shows dates in the given time zone, UTC by default', () => {
    const late = { ...SAMPLES.subscription_expired, endDate: '2026-04-01T23:30:00Z' };
    expect(renderMail(late, context).text).toContain('ended on April 1, 2026');
    expect(renderMail(late, { ...context, timeZone: 'Asia/Tokyo' }).text).toContain('ended on April 2, 2026');
  });

  it('says when a failed payment was the last attempt', () => {
    const rendered = renderMail({ ...SAMPLES.payment_failed, nextRetryDate: null }, context);
    expect(rendered.subject).toBe('Action needed: your Team Plan subscription will end');
    expect(rendered.text).toContain('This was our last attempt.');
    expect(rendered.text).toContain('Next attempt: None');
  });

  it('words a retention offer of one annual payment in the singular', () => {
    const annual = renderMail(
      {
        ...SAMPLES.retention_offer_accepted,
        percentOff: 25,
        periods: 1,
        interval: 'YEAR',
        discountedAmount: money(16500, 'EUR'),
        regularAmount: money(22000, 'EUR'),
        chargeDates: ['2027-01-01T00:00:00Z'],
        regularFrom: '2028-01-01T00:00:00Z',
      },
      { ...context, locale: 'de-DE' },
    );
    expect(annual.text).toContain('25% off your next annual payment.');
    expect(annual.text).toContain('165,00\u00a0€ instead of 220,00\u00a0€ on 1. Januar 2027.');
    expect(annual.text).toContain('Discounted payment: 165,00\u00a0€ on 1. Januar 2027');
  });

  it('leaves out the tax of a receipt without tax, and says when licenses cost nothing now', () => {
    expect(renderMail({ ...SAMPLES.payment_receipt, tax: null }, context).text).not.toContain('Tax:');
    const free = renderMail({ ...SAMPLES.licenses_added, charged: null }, context);
    expect(free.text).toContain('Nothing was charged now.');
    expect(free.text).toContain('Charged now: Nothing');
  });
});

describe('absoluteUrl', () => {
  it('joins site paths to the public URL and keeps http(s) links', () => {
    expect(absoluteUrl('/cart/', 'http://localhost:3000')).toBe('http://localhost:3000/cart/');
    expect(absoluteUrl('/cart/', 'https://example.com/lectern/')).toBe('https://example.com/lectern/cart/');
    expect(absoluteUrl('cart/', 'https://example.com')).toBe('https://example.com/cart/');
    expect(absoluteUrl('https://pay.example.com/x', 'https://example.com')).toBe('https://pay.example.com/x');
  });

  it('never links to another scheme or a protocol-relative host', () => {
    expect(absoluteUrl('javascript:alert(1)', 'https://example.com')).toBe('https://example.com/');
    expect(absoluteUrl('//evil.example/', 'https://example.com')).toBe('https://example.com/');
    expect(absoluteUrl('data:text/html,x', 'https://example.com')).toBe('https://example.com/');
  });
});
