import { z } from 'zod';

/**
 * Where the subscription pages send people to sales (issue 34): 'Request a demo' (team-plan §2
 * region notice), 'Upgrade to enterprise' and 'Compare plans' (upgrade banner, Enterprise modal,
 * license ceiling) and the address of 'Need to reduce number of licenses? Email us at …'. The
 * operator sets them in the back office; one left unset (null) keeps the shop's own default.
 */
export interface SalesContactSettings {
  sales_email: string | null;
  request_demo_url: string | null;
  enterprise_upgrade_url: string | null;
  compare_plans_url: string | null;
}

export type SalesContactField = keyof SalesContactSettings;

/** What each unset field stands for: the seller's support address and this shop's support page. */
export type SalesContactDefaults = Record<SalesContactField, string>;

/**
 * The user context's `Config.sales`: the links as the pages use them, defaults filled in and
 * the parameters of team-plan §2 added to web addresses.
 */
export interface SalesLinks {
  email: string;
  request_demo_url: string;
  enterprise_upgrade_url: string;
  compare_plans_url: string;
}

export const SALES_LINK_MAX_LENGTH = 2000;

/** Team-plan §2: 'Request a demo' carries the reference indupgrade. */
export const REQUEST_DEMO_PARAMETERS: Readonly<Record<string, string>> = { ref: 'indupgrade' };
/** Team-plan §2: 'Upgrade to enterprise' carries these utm parameters. */
export const ENTERPRISE_UPGRADE_PARAMETERS: Readonly<Record<string, string>> = {
  utm_source: 'product',
  utm_medium: 'upgrade',
  utm_content: 'upgrade-cta',
};

export const SALES_CONTACT_MESSAGES = {
  link: 'Enter an address that starts with https:// or mailto:.',
  mailto: 'After mailto:, enter one valid e-mail address.',
  host: 'Enter a full https:// address, such as https://sales.example.com/demo/.',
  email: 'Enter a valid e-mail address.',
} as const;

const emailCheck = z.email();

/** `decodeURIComponent`, or null where the text is not valid percent-encoding. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Why `value` cannot be a sales link, or null: an https page of a named host, or `mailto:` one
 * address. Parsed by hand: the domain runs without the URL class's types (no DOM, no Node).
 */
export function salesLinkProblem(value: string): string | null {
  if (/\s/.test(value)) return SALES_CONTACT_MESSAGES.link;
  if (/^mailto:/i.test(value)) {
    const address = decoded(value.slice('mailto:'.length).split('?')[0] ?? '');
    return address !== null && emailCheck.safeParse(address).success ? null : SALES_CONTACT_MESSAGES.mailto;
  }
  const match = /^https:\/\/([^/?#]*)([^#]*)(#.*)?$/i.exec(value);
  if (!match) return SALES_CONTACT_MESSAGES.link;
  // A user name or password in a link would be shown to every buyer; a host needs a domain.
  const host = /^(?:[^.:@[\]]+\.)+[^.:@[\]]+(?::(\d{1,5}))?$/.exec(match[1]!);
  if (!host || (host[1] !== undefined && (Number(host[1]) < 1 || Number(host[1]) > 65_535))) {
    return SALES_CONTACT_MESSAGES.host;
  }
  return null;
}

/** Text or null; an empty text is null too (the form's cleared field: back to the default). */
const unsetOrText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text, or null for the default.` })
    .trim()
    .max(max, `This is at most ${max} characters.`)
    .nullable()
    .transform((value) => (value === '' ? null : value));

const linkSchema = (field: SalesContactField) =>
  unsetOrText(field, SALES_LINK_MAX_LENGTH).superRefine((value, context) => {
    const problem = value === null ? null : salesLinkProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const emailSchema = unsetOrText('sales_email', 254)
  .superRefine((value, context) => {
    if (value !== null && !emailCheck.safeParse(value).success) {
      context.addIssue({ code: 'custom', message: SALES_CONTACT_MESSAGES.email });
    }
  })
  .transform((value) => value?.toLowerCase() ?? null);

/** `PUT /api-2.0/admin/settings/sales-contact/`: all four, each a value or null (the default). */
export const salesContactInputSchema = z.strictObject({
  sales_email: emailSchema,
  request_demo_url: linkSchema('request_demo_url'),
  enterprise_upgrade_url: linkSchema('enterprise_upgrade_url'),
  compare_plans_url: linkSchema('compare_plans_url'),
});
export type SalesContactInput = z.input<typeof salesContactInputSchema>;

/**
 * `href` with `parameters` added to its query (before any #fragment), for web addresses; one
 * the address already has is kept. Other links (`mailto:`) are left as they are.
 */
export function withLinkParameters(href: string, parameters: Readonly<Record<string, string>>): string {
  if (!/^https?:\/\//i.test(href)) return href;
  const hashAt = href.indexOf('#');
  const base = hashAt === -1 ? href : href.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : href.slice(hashAt);
  const queryAt = base.indexOf('?');
  const query = queryAt === -1 ? '' : base.slice(queryAt + 1);
  const present = new Set(
    query
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const name = (pair.split('=')[0] ?? '').replace(/\+/g, ' ');
        return decoded(name) ?? name;
      }),
  );
  const added = Object.entries(parameters)
    .filter(([name]) => !present.has(name))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  if (added.length === 0) return href;
  const separator = queryAt === -1 ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}${added.join('&')}${fragment}`;
}

/** The links the pages use: each setting, or its default, with the parameters of team-plan §2. */
export function salesLinksOf(settings: SalesContactSettings, defaults: SalesContactDefaults): SalesLinks {
  return {
    email: settings.sales_email ?? defaults.sales_email,
    request_demo_url: withLinkParameters(
      settings.request_demo_url ?? defaults.request_demo_url,
      REQUEST_DEMO_PARAMETERS,
    ),
    enterprise_upgrade_url: withLinkParameters(
      settings.enterprise_upgrade_url ?? defaults.enterprise_upgrade_url,
      ENTERPRISE_UPGRADE_PARAMETERS,
    ),
    compare_plans_url: settings.compare_plans_url ?? defaults.compare_plans_url,
  };
}
