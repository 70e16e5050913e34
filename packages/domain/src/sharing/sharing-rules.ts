// Sharing (platform §5, §7, §9): where and how a course may be shared, and `POST /api-2.0/share/`.

/** Platform §9: where a share starts. */
export const SHARE_CONTEXTS = [
  'clp',
  'clppostenroll',
  'coursetaking',
  'freeresource',
  'highrating',
  'invite',
  'my_courses_dropdown',
  'postenroll',
  'premium_clp',
] as const;
export type ShareContext = (typeof SHARE_CONTEXTS)[number];

/** Platform §9: where a share goes. */
export const SHARE_NETWORKS = [
  'facebook',
  'fb_workplace',
  'twitter',
  'mailto',
  'mail_ref',
  'clipboard',
  'messenger',
  'whatsapp',
] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export function isShareContext(value: unknown): value is ShareContext {
  return typeof value === 'string' && (SHARE_CONTEXTS as readonly string[]).includes(value);
}

export function isShareNetwork(value: unknown): value is ShareNetwork {
  return typeof value === 'string' && (SHARE_NETWORKS as readonly string[]).includes(value);
}

export interface PopupSize {
  width: number;
  height: number;
}

/** Platform §9: popup sizes, 550x420 for the microblogging network, 626x436 for the workplace one. */
export const SHARE_POPUP_SIZES: Readonly<Partial<Record<ShareNetwork, PopupSize>>> = {
  twitter: { width: 550, height: 420 },
  fb_workplace: { width: 626, height: 436 },
};

/** Popup size of a network, null when it opens no popup (mail, clipboard, apps). */
export function sharePopupSize(network: ShareNetwork): PopupSize | null {
  return SHARE_POPUP_SIZES[network] ?? null;
}

/** Platform §4 and §9: the copy-link confirmation hides itself after 3 s. */
export const COPY_LINK_CONFIRMATION_MS = 3_000;

/** Platform §3: what can be shared. */
export interface ShareableObject {
  id: number;
  title: string;
  is_private: boolean;
}

export interface ShareConditions {
  /** `Config.brand.has_organization`: the business brand never shares. */
  hasOrganization: boolean;
  /** `Config.third_party.external_sources_enabled`. */
  externalSourcesEnabled: boolean;
}

/** Platform §5: sharing needs a non-private object, the marketplace brand and external sources. */
export function canShare(object: Pick<ShareableObject, 'is_private'>, conditions: ShareConditions): boolean {
  return !object.is_private && !conditions.hasOrganization && conditions.externalSourcesEnabled;
}

/**
 * A `mailto:` link with subject and body, each percent-encoded (RFC 6068: spaces as %20,
 * never '+', which mail clients would show).
 */
export function mailtoLink(input: { to?: string; subject: string; body: string }): string {
  const to = input.to ? encodeURIComponent(input.to).replaceAll('%40', '@') : '';
  return `mailto:${to}?subject=${encodeURIComponent(input.subject)}&body=${encodeURIComponent(input.body)}`;
}

/** Platform §7: the target of a share is the page's address without its query (and fragment). */
export function shareTarget(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

export const SHARE_PATH = '/api-2.0/share/';
/** Longest target accepted, the usual safe URL length. */
export const SHARE_TARGET_MAX_LENGTH = 2048;

/** Body of `POST /api-2.0/share/`. */
export interface ShareRequest {
  /** An absolute URL of this site, without query. */
  target: string;
  context: ShareContext;
}

/** Answer of `POST /api-2.0/share/`: a short link that redirects to the target and counts the visit. */
export interface ShareResponse {
  url: string;
}

export const SHARE_MESSAGES = {
  targetRequired: 'Give the address to share.',
  targetInvalid: 'The address must be a link to this site without a query.',
  contextInvalid: `Use one of: ${SHARE_CONTEXTS.join(', ')}.`,
} as const;

export type ShareRequestValidation =
  { ok: true; request: ShareRequest } | { ok: false; fieldErrors: { target?: string[]; context?: string[] } };

/**
 * Checks a share body against the site's origin (e.g. `PUBLIC_URL`'s origin): the target
 * must be http(s) on that origin, without query or fragment, so the short link can never
 * be an open redirect.
 */
export function validateShareRequest(body: unknown, siteOrigin: string): ShareRequestValidation {
  const { target, context } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  const fieldErrors: { target?: string[]; context?: string[] } = {};
  if (typeof target !== 'string' || target.length === 0) fieldErrors.target = [SHARE_MESSAGES.targetRequired];
  else if (!isSiteTarget(target, siteOrigin)) fieldErrors.target = [SHARE_MESSAGES.targetInvalid];
  if (!isShareContext(context)) fieldErrors.context = [SHARE_MESSAGES.contextInvalid];
  if (fieldErrors.target || fieldErrors.context) return { ok: false, fieldErrors };
  // Stored as a `Location` header can carry it (non-ASCII percent-encoded), so following the
  // link can never fail.
  const normalized = locationSafeUrl(target as string);
  if (normalized === null || normalized.length > SHARE_TARGET_MAX_LENGTH) {
    return { ok: false, fieldErrors: { target: [SHARE_MESSAGES.targetInvalid] } };
  }
  return { ok: true, request: { target: normalized, context: context as ShareContext } };
}

/**
 * A URL in the form a `Location` header can carry (visible ASCII only: anything else
 * percent-encoded as UTF-8, as browsers send it), or null for control characters or text that
 * is no Unicode (a lone surrogate).
 */
export function locationSafeUrl(url: string): string | null {
  // Control characters never belong in a link (and would split headers).
  if (Array.from(url).some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')) return null;
  try {
    return Array.from(url, (char) => (/^[\x21-\x7e]$/.test(char) ? char : encodeURIComponent(char))).join('');
  } catch {
    return null;
  }
}

// scheme://host[:port] then an optional path; no user info, query, fragment, spaces or backslashes.
const SITE_URL = /^(https?:\/\/[^/?#\s\\@]+)(\/[^?#\s\\]*)?$/i;

function isSiteTarget(target: string, siteOrigin: string): boolean {
  if (target.length > SHARE_TARGET_MAX_LENGTH) return false;
  const origin = SITE_URL.exec(target)?.[1];
  return origin !== undefined && origin.toLowerCase() === siteOrigin.replace(/\/+$/, '').toLowerCase();
}
