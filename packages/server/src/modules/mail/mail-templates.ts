import { cardBrandName, formatMoney, PAGE_ROUTES, resolveFormatLocale, type Money } from '@lectern/domain';

/**
 * What a mail tells, by kind. Dates are ISO 8601 strings; URLs may be site paths
 * (`/user/manage-subscriptions/`), made absolute with the public URL when rendered.
 */
export type MailContent =
  | {
      kind: 'trial_started';
      planName: string;
      trialEndDate: string;
      firstCharge: Money;
      manageUrl: string;
    }
  | {
      /** Sent 3 days before the trial ends. */
      kind: 'trial_ending';
      planName: string;
      trialEndDate: string;
      firstCharge: Money;
      manageUrl: string;
    }
  | {
      kind: 'payment_receipt';
      planName: string;
      receiptRef: string;
      paidAt: string;
      amount: Money;
      tax: Money | null;
      periodStart: string;
      periodEnd: string;
      licenses: number;
      cardBrand: string;
      cardLast4: string;
      receiptUrl: string;
    }
  | {
      kind: 'payment_failed';
      planName: string;
      amount: Money;
      /** The provider's decline message. */
      reason: string;
      /** When the next attempt is; null when this was the last one. */
      nextRetryDate: string | null;
      updateCardUrl: string;
    }
  | { kind: 'authentication_required'; planName: string; amount: Money; authenticateUrl: string }
  | { kind: 'subscription_cancelled'; planName: string; endDate: string; reactivateUrl: string }
  | { kind: 'subscription_reactivated'; planName: string; nextChargeDate: string; amount: Money }
  | { kind: 'subscription_expired'; planName: string; endDate: string; resubscribeUrl: string }
  | {
      /** A Personal Plan subscriber kept their plan with a retention offer (decision 0029). */
      kind: 'retention_offer_accepted';
      planName: string;
      percentOff: number;
      /** Renewal periods charged at the discounted price. */
      periods: number;
      interval: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
      /** One discounted period and one at the usual price, tax included. */
      discountedAmount: Money;
      regularAmount: Money;
      /** The charge date of each discounted period. */
      chargeDates: string[];
      /** When the usual price returns. */
      regularFrom: string;
      manageUrl: string;
    }
  | { kind: 'licenses_added'; planName: string; added: number; total: number; charged: Money | null }
  | {
      /** An invitation to join an organization (its Team Plan license comes with it). */
      kind: 'organization_invitation';
      organizationName: string;
      inviterName: string;
      acceptUrl: string;
    }
  | {
      /** An invitation to join the marketplace's staff, with a role in the back office (issue 32). */
      kind: 'staff_invitation';
      inviterName: string;
      /** The role's name as people read it ("Support"). */
      roleName: string;
      /** ISO time the link stops working. */
      expiresAt: string;
      acceptUrl: string;
    }
  | {
      /** To the member an owner handed the organization's ownership over to (issue 37). */
      kind: 'organization_ownership_received';
      organizationName: string;
      previousOwnerName: string;
      manageUrl: string;
    }
  | {
      /** To the owner who handed the ownership over: they stay on as an admin. */
      kind: 'organization_ownership_handed_over';
      organizationName: string;
      newOwnerName: string;
      manageUrl: string;
    }
  | {
      /** Someone added the reader to a learning community and asked us to tell them. */
      kind: 'learning_community_invitation';
      communityTitle: string;
      inviterName: string;
      /** The inviter's own words, if any. */
      message: string | null;
      communityUrl: string;
    }
  | {
      /** A guest checkout succeeded: the courses wait in the new account until a password is set. */
      kind: 'guest_purchase_waiting';
      courseTitles: string[];
      /** The one-time link to choose a password. */
      setPasswordUrl: string;
    }
  | {
      /** To a gift's recipient, on its delivery date. */
      kind: 'gift_received';
      fromName: string;
      recipientName: string | null;
      courseTitle: string;
      message: string | null;
      /** The one-time redeem link (its secret is kept only hashed). */
      redeemUrl: string;
    }
  | {
      /** To a gift's buyer once its recipient took it. */
      kind: 'gift_redeemed';
      recipientEmail: string;
      courseTitle: string;
      historyUrl: string;
    }
  | {
      /** A course refund went back to where it was paid from. */
      kind: 'refund_completed';
      courseTitle: string;
      amount: Money;
      /** Each part and where it went ("Visa ****4242", "Account credit"). */
      destinations: { label: string; amount: Money }[];
      historyUrl: string;
    }
  | {
      kind: 'refund_failed';
      courseTitle: string;
      amount: Money;
      reason: string;
      historyUrl: string;
    }
  | {
      /** A back office export too large to download at once, written by a job (issue 33). */
      kind: 'admin_export_ready';
      /** "Orders", "Credit notes". */
      exportName: string;
      /** The range, e.g. "2026-01-01 to 2026-03-31". */
      period: string;
      rows: number;
      /** ISO time the link stops working. */
      expiresAt: string;
      downloadUrl: string;
    };

export type MailKind = MailContent['kind'];

export interface MailContext {
  brandName: string;
  /** The site's address (`PUBLIC_URL`), which relative links are resolved against. */
  publicUrl: string;
  /** Formats amounts, dates and numbers (`en-US`, `de_DE`, …); the wording is English. */
  locale: string;
  /** The zone dates are shown in; UTC by default. */
  timeZone?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A mail as parts: both the HTML and the text are rendered from these, so they say the same. */
interface MailParts {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value pairs, shown as a short list. */
  facts: [label: string, value: string][];
  action: { label: string; url: string } | null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** HTML that is already escaped: `html` keeps it as it is. */
class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Tagged template: every interpolation is escaped, except `SafeHtml` (and arrays of it) from `html` itself. */
function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const piece = (value: unknown): string =>
    value instanceof SafeHtml ? value.value : escapeHtml(String(value ?? ''));
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += Array.isArray(value) ? value.map(piece).join('') : piece(value);
    out += strings[index + 1]!;
  });
  return new SafeHtml(out);
}

/**
 * A link for a mail: absolute http(s) URLs stay, site paths are joined to `publicUrl`, and
 * anything else (`javascript:`, another scheme, `//host`) becomes the site's home page.
 */
export function absoluteUrl(url: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('\\')) return `${base}/`;
  return url.startsWith('/') ? `${base}${url}` : `${base}/${url}`;
}

// Building Intl formatters costs far more than using them; renewal runs render thousands of mails.
const intlFormatters = new Map<string, { dates: Intl.DateTimeFormat; numbers: Intl.NumberFormat }>();
function intlFor(locale: string, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let found = intlFormatters.get(key);
  if (!found) {
    found = {
      dates: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }),
      numbers: new Intl.NumberFormat(locale),
    };
    if (intlFormatters.size < 500) intlFormatters.set(key, found);
  }
  return found;
}

function formattersFor(context: MailContext) {
  const locale = resolveFormatLocale(context.locale);
  const { dates, numbers } = intlFor(locale, context.timeZone ?? 'UTC');
  return {
    date: (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dates.format(date);
    },
    money: (value: Money) => formatMoney(value, locale),
    number: (value: number) => numbers.format(value),
    url: (url: string) => absoluteUrl(url, context.publicUrl),
  };
}

const licensesText = (count: number, shown: string) => `${shown} ${count === 1 ? 'license' : 'licenses'}`;

const PAYMENT_OF_INTERVAL = { DAY: 'daily', WEEK: 'weekly', MONTH: 'monthly', YEAR: 'annual' } as const;
/** "2 monthly payments", "annual payment". */
const paymentsText = (count: number, interval: keyof typeof PAYMENT_OF_INTERVAL, shown: string) =>
  count === 1
    ? `${PAYMENT_OF_INTERVAL[interval]} payment`
    : `${shown} ${PAYMENT_OF_INTERVAL[interval]} payments`;

function partsOf(mail: MailContent, context: MailContext): MailParts {
  const f = formattersFor(context);
  const manage = { label: 'Manage your subscription', url: f.url(PAGE_ROUTES.manageSubscriptions) };
  switch (mail.kind) {
    case 'trial_started': {
      const end = f.date(mail.trialEndDate);
      return {
        subject: `Your ${mail.planName} trial has started`,
        heading: `Welcome to ${mail.planName}`,
        paragraphs: [
          `Your free trial of ${mail.planName} has started and runs until ${end}.`,
          `Unless you cancel before then, your card will be charged ${f.money(mail.firstCharge)} on ${end}.`,
        ],
        facts: [
          ['Plan', mail.planName],
          ['Trial ends', end],
          ['First charge', f.money(mail.firstCharge)],
        ],
        action: { label: 'Manage your subscription', url: f.url(mail.manageUrl) },
      };
    }
    case 'trial_ending': {
      const end = f.date(mail.trialEndDate);
      return {
        subject: `Your ${mail.planName} trial ends on ${end}`,
        heading: 'Your trial ends soon',
        paragraphs: [
          `Your free trial of ${mail.planName} ends on ${end}. Your card will then be charged ${f.money(mail.firstCharge)} and your subscription continues.`,
          `If you do not want to continue, cancel before ${end} and you will not be charged.`,
        ],
        facts: [
          ['Plan', mail.planName],
          ['Trial ends', end],
          ['First charge', f.money(mail.firstCharge)],
        ],
        action: { label: 'Manage your subscription', url: f.url(mail.manageUrl) },
      };
    }
    case 'payment_receipt': {
      const facts: MailParts['facts'] = [
        ['Receipt number', mail.receiptRef],
        ['Date paid', f.date(mail.paidAt)],
        ['Plan', mail.planName],
        ['Billing period', `${f.date(mail.periodStart)} – ${f.date(mail.periodEnd)}`],
        ['Licenses', f.number(mail.licenses)],
        ['Amount paid', f.money(mail.amount)],
      ];
      if (mail.tax) facts.push(['Tax', f.money(mail.tax)]);
      facts.push(['Payment method', `${cardBrandName(mail.cardBrand)} ending in ${mail.cardLast4}`]);
      return {
        subject: `Your ${context.brandName} receipt ${mail.receiptRef}`,
        heading: 'Thank you for your payment',
        paragraphs: [`We received your payment of ${f.money(mail.amount)} for ${mail.planName}.`],
        facts,
        action: { label: 'View your receipt', url: f.url(mail.receiptUrl) },
      };
    }
    case 'payment_failed': {
      const retry = mail.nextRetryDate === null ? null : f.date(mail.nextRetryDate);
      return {
        subject:
          retry === null
            ? `Action needed: your ${mail.planName} subscription will end`
            : `We could not charge your card for ${mail.planName}`,
        heading: 'Your payment did not go through',
        paragraphs: [
          `We tried to charge ${f.money(mail.amount)} for ${mail.planName}, but the payment was declined: ${mail.reason}`,
          retry === null
            ? 'This was our last attempt. Update your card to keep your subscription.'
            : `We will try again on ${retry}. Update your card before then to keep your subscription without interruption.`,
        ],
        facts: [
          ['Plan', mail.planName],
          ['Amount', f.money(mail.amount)],
          ['Next attempt', retry ?? 'None'],
        ],
        action: { label: 'Update your card', url: f.url(mail.updateCardUrl) },
      };
    }
    case 'authentication_required':
      return {
        subject: `Confirm your ${mail.planName} payment`,
        heading: 'Your bank asks you to confirm a payment',
        paragraphs: [
          `Your bank needs you to confirm the payment of ${f.money(mail.amount)} for ${mail.planName}.`,
          'The payment stays pending until you confirm it.',
        ],
        facts: [
          ['Plan', mail.planName],
          ['Amount', f.money(mail.amount)],
        ],
        action: { label: 'Confirm the payment', url: f.url(mail.authenticateUrl) },
      };
    case 'subscription_cancelled': {
      const end = f.date(mail.endDate);
      return {
        subject: `Your ${mail.planName} subscription has been cancelled`,
        heading: 'Your subscription is cancelled',
        paragraphs: [
          `Your ${mail.planName} subscription will not renew. You keep access until ${end}.`,
          'Changed your mind? You can reactivate it any time before then.',
        ],
        facts: [
          ['Plan', mail.planName],
          ['Access ends', end],
        ],
        action: { label: 'Reactivate your subscription', url: f.url(mail.reactivateUrl) },
      };
    }
    case 'subscription_reactivated': {
      const next = f.date(mail.nextChargeDate);
      return {
        subject: `Your ${mail.planName} subscription is active again`,
        heading: 'Your subscription is active again',
        paragraphs: [
          `Your ${mail.planName} subscription has been reactivated and renews as usual.`,
          `Your next charge of ${f.money(mail.amount)} is on ${next}.`,
        ],
        facts: [
          ['Plan', mail.planName],
          ['Next charge', `${f.money(mail.amount)} on ${next}`],
        ],
        action: manage,
      };
    }
    case 'subscription_expired': {
      const end = f.date(mail.endDate);
      return {
        subject: `Your ${mail.planName} subscription has ended`,
        heading: 'Your subscription has ended',
        paragraphs: [
          `Your ${mail.planName} subscription ended on ${end}.`,
          'You can subscribe again at any time.',
        ],
        facts: [
          ['Plan', mail.planName],
          ['Ended', end],
        ],
        action: { label: 'Subscribe again', url: f.url(mail.resubscribeUrl) },
      };
    }
    case 'retention_offer_accepted': {
      const payments = paymentsText(mail.periods, mail.interval, f.number(mail.periods));
      const dates = mail.chargeDates.map(f.date);
      const back = f.date(mail.regularFrom);
      return {
        subject: `Your ${mail.planName} discount is confirmed`,
        heading: 'Thanks for staying with us',
        paragraphs: [
          `You accepted our offer: ${f.number(mail.percentOff)}% off your next ${payments}. We will charge ${f.money(mail.discountedAmount)} instead of ${f.money(mail.regularAmount)} on ${dates.join(' and ')}.`,
          `From ${back}, your ${mail.planName} renews at its usual price of ${f.money(mail.regularAmount)}. You can still cancel at any time.`,
        ],
        facts: [
          ['Plan', mail.planName],
          ['Discount', `${f.number(mail.percentOff)}% off your next ${payments}`],
          ...dates.map((date): [string, string] => [
            'Discounted payment',
            `${f.money(mail.discountedAmount)} on ${date}`,
          ]),
          ['Usual price again from', `${back} (${f.money(mail.regularAmount)})`],
        ],
        action: { label: 'Manage your subscription', url: f.url(mail.manageUrl) },
      };
    }
    case 'licenses_added': {
      const added = licensesText(mail.added, f.number(mail.added));
      const total = licensesText(mail.total, f.number(mail.total));
      return {
        subject: `${added} added to your ${mail.planName}`,
        heading: 'Licenses added',
        paragraphs: [
          `${added} ${mail.added === 1 ? 'was' : 'were'} added to your ${mail.planName}. You now have ${total}.`,
          mail.charged
            ? `We charged ${f.money(mail.charged)} for the rest of the current billing period.`
            : 'Nothing was charged now.',
        ],
        facts: [
          ['Plan', mail.planName],
          ['Licenses added', f.number(mail.added)],
          ['Total licenses', f.number(mail.total)],
          ['Charged now', mail.charged ? f.money(mail.charged) : 'Nothing'],
        ],
        action: manage,
      };
    }
    case 'organization_invitation':
      return {
        subject: `${mail.inviterName} invited you to join ${mail.organizationName} on ${context.brandName}`,
        heading: `Join ${mail.organizationName}`,
        paragraphs: [
          `${mail.inviterName} invited you to join ${mail.organizationName} on ${context.brandName}.`,
          'Accept the invitation with this e-mail address to start learning with your team.',
        ],
        facts: [
          ['Organization', mail.organizationName],
          ['Invited by', mail.inviterName],
        ],
        action: { label: 'Accept the invitation', url: f.url(mail.acceptUrl) },
      };
    case 'staff_invitation': {
      const expires = f.date(mail.expiresAt);
      return {
        subject: `${mail.inviterName} invited you to the ${context.brandName} staff`,
        heading: `Join the ${context.brandName} staff`,
        paragraphs: [
          `${mail.inviterName} invited you to help run ${context.brandName} in its back office, as ${mail.roleName}.`,
          `Sign in (or sign up) with this e-mail address, then accept the invitation. The link works once, until ${expires}.`,
          'If you did not expect this invitation, you can ignore this e-mail.',
        ],
        facts: [
          ['Role', mail.roleName],
          ['Invited by', mail.inviterName],
          ['Link expires', expires],
        ],
        action: { label: 'Accept the invitation', url: f.url(mail.acceptUrl) },
      };
    }
    case 'organization_ownership_received':
      return {
        subject: `You are now the owner of ${mail.organizationName} on ${context.brandName}`,
        heading: `You own ${mail.organizationName}`,
        paragraphs: [
          `${mail.previousOwnerName} handed the ownership of ${mail.organizationName} over to you. They stay on as an admin.`,
          'As its owner you decide who the admins are, and you can hand the ownership over in turn.',
        ],
        facts: [
          ['Organization', mail.organizationName],
          ['Handed over by', mail.previousOwnerName],
          ['Your role', 'Owner'],
        ],
        action: { label: 'Manage your organization', url: f.url(mail.manageUrl) },
      };
    case 'organization_ownership_handed_over':
      return {
        subject: `You handed ${mail.organizationName} over to ${mail.newOwnerName}`,
        heading: 'Ownership handed over',
        paragraphs: [
          `${mail.newOwnerName} is now the owner of ${mail.organizationName}. You stay in the organization as an admin.`,
          'If you did not do this, change your password at once and ask the new owner to give the ownership back.',
        ],
        facts: [
          ['Organization', mail.organizationName],
          ['New owner', mail.newOwnerName],
          ['Your role', 'Admin'],
        ],
        action: { label: 'See your organization', url: f.url(mail.manageUrl) },
      };
    case 'learning_community_invitation':
      return {
        subject: `${mail.inviterName} added you to the learning community ${mail.communityTitle}`,
        heading: `Learn with ${mail.communityTitle}`,
        paragraphs: [
          `${mail.inviterName} added you to ${mail.communityTitle}, a learning community on ${context.brandName}.`,
          ...(mail.message ? [`${mail.inviterName} wrote: “${mail.message}”`] : []),
          'You find the community and its members next to your courses.',
        ],
        facts: [
          ['Community', mail.communityTitle],
          ['Added by', mail.inviterName],
        ],
        action: { label: 'See your communities', url: f.url(mail.communityUrl) },
      };
    case 'guest_purchase_waiting':
      return {
        subject: `Your courses are waiting: set your ${context.brandName} password`,
        heading: 'Thank you for your purchase',
        paragraphs: [
          `We made a ${context.brandName} account for this e-mail address, and your courses are in it.`,
          'Choose a password to open them on any device. The link works once, for 14 days.',
        ],
        facts: mail.courseTitles.map(
          (title, index) => [index === 0 ? 'Courses' : '', title] as [string, string],
        ),
        action: { label: 'Set your password', url: f.url(mail.setPasswordUrl) },
      };
    case 'gift_received':
      return {
        subject: `${mail.fromName} sent you a course: ${mail.courseTitle}`,
        heading: mail.recipientName ? `${mail.recipientName}, you have a gift` : 'You have a gift',
        paragraphs: [
          `${mail.fromName} gave you “${mail.courseTitle}” on ${context.brandName}.`,
          ...(mail.message ? [`“${mail.message}”`] : []),
          'Open the link to add the course to your account; you can log in or sign up there. The course is yours for good once you add it.',
        ],
        facts: [['Course', mail.courseTitle]],
        action: { label: 'Redeem your gift', url: f.url(mail.redeemUrl) },
      };
    case 'gift_redeemed':
      return {
        subject: `Your gift of ${mail.courseTitle} was redeemed`,
        heading: 'Your gift was redeemed',
        paragraphs: [
          `${mail.recipientEmail} added “${mail.courseTitle}” to their account. Thank you for sharing learning.`,
        ],
        facts: [],
        action: { label: 'See your purchases', url: f.url(mail.historyUrl) },
      };
    case 'refund_completed':
      return {
        subject: `Your refund for ${mail.courseTitle}`,
        heading: 'Your refund is on its way',
        paragraphs: [
          `We refunded ${f.money(mail.amount)} for ${mail.courseTitle}. The course has been removed from your courses.`,
          'A card refund can take 5 to 10 business days to appear on your statement; account credit is ready to use now.',
        ],
        facts: mail.destinations.map((part) => [part.label, f.money(part.amount)] as [string, string]),
        action: { label: 'See your purchase history', url: f.url(mail.historyUrl) },
      };
    case 'refund_failed':
      return {
        subject: `We could not refund ${mail.courseTitle}`,
        heading: 'Your refund could not be completed',
        paragraphs: [
          `The refund of ${f.money(mail.amount)} for ${mail.courseTitle} could not be completed: ${mail.reason}`,
          'The course is back in your courses. Please contact our support team and we will sort it out.',
        ],
        facts: [['Course', mail.courseTitle]],
        action: { label: 'See your purchase history', url: f.url(mail.historyUrl) },
      };
    case 'admin_export_ready': {
      const expires = f.date(mail.expiresAt);
      return {
        subject: `Your ${mail.exportName.toLowerCase()} export is ready`,
        heading: `${mail.exportName} export ready`,
        paragraphs: [
          `The export of ${mail.exportName.toLowerCase()} you asked for in the ${context.brandName} back office is ready to download.`,
          `Sign in with this e-mail address to download it. The link works only for you, until ${expires}.`,
        ],
        facts: [
          ['Export', mail.exportName],
          ['Period', mail.period],
          ['Rows', f.number(mail.rows)],
          ['Link expires', expires],
        ],
        action: { label: 'Download the export', url: f.url(mail.downloadUrl) },
      };
    }
  }
}

const STYLE = {
  body: 'margin:0;padding:0;background-color:#f4f4f5;',
  wrapper:
    'max-width:560px;margin:0 auto;padding:24px 16px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;',
  brand: 'margin:0 0 16px;font-size:20px;font-weight:700;color:#1f2937;',
  card: 'background-color:#ffffff;border-radius:8px;padding:24px;',
  heading: 'margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827;',
  paragraph: 'margin:0 0 16px;',
  facts: 'margin:0 0 24px;padding:16px;background-color:#f9fafb;border-radius:6px;',
  fact: 'margin:0 0 4px;',
  button:
    'display:inline-block;background-color:#5624d0;color:#ffffff;font-weight:700;text-decoration:none;padding:12px 20px;border-radius:4px;',
  footer: 'margin:16px 0 0;font-size:13px;color:#4b5563;',
  footerLink: 'color:#4b5563;',
};

function renderHtml(parts: MailParts, context: MailContext): string {
  const home = absoluteUrl('/', context.publicUrl);
  const facts =
    parts.facts.length === 0
      ? ''
      : html`<div style="${STYLE.facts}">
          ${parts.facts.map(
            ([label, value]) => html`<p style="${STYLE.fact}"><strong>${label}:</strong> ${value}</p>`,
          )}
        </div>`;
  const action = parts.action
    ? html`<p style="${STYLE.paragraph}">
        <a href="${parts.action.url}" style="${STYLE.button}">${parts.action.label}</a>
      </p>`
    : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${parts.subject}</title>
      </head>
      <body style="${STYLE.body}">
        <div role="article" aria-label="${parts.subject}" style="${STYLE.wrapper}">
          <header><p style="${STYLE.brand}">${context.brandName}</p></header>
          <main style="${STYLE.card}">
            <h1 style="${STYLE.heading}">${parts.heading}</h1>
            ${parts.paragraphs.map((paragraph) => html`<p style="${STYLE.paragraph}">${paragraph}</p> `)}${facts}
            ${action}
          </main>
          <footer>
            <p style="${STYLE.footer}">
              You receive this email about your ${context.brandName} account.
              <a href="${home}" style="${STYLE.footerLink}">${home}</a>
            </p>
          </footer>
        </div>
      </body>
    </html> `.value;
}

function renderText(parts: MailParts, context: MailContext): string {
  const blocks = [
    context.brandName,
    parts.heading,
    ...parts.paragraphs,
    parts.facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    parts.action ? `${parts.action.label}: ${parts.action.url}` : '',
    `--\nYou receive this email about your ${context.brandName} account. ${absoluteUrl('/', context.publicUrl)}`,
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}

/** Renders a mail's subject and its HTML and plain-text parts. Pure: no I/O, no clock. */
export function renderMail(mail: MailContent, context: MailContext): RenderedMail {
  const parts = partsOf(mail, context);
  // A subject is one header line, whatever a plan name holds.
  parts.subject = parts.subject.replace(/\s+/g, ' ').trim();
  return { subject: parts.subject, html: renderHtml(parts, context), text: renderText(parts, context) };
}
