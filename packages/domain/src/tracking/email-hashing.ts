const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Platform §5: the e-mail form that analytics hashes (never shown or stored as the address):
 * lower-cased and trimmed; for gmail.com and googlemail.com the dots of the local part are
 * removed, since that provider ignores them.
 */
export function normalizeEmailForHashing(email: string): string {
  const normalized = email.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@${domain}` : normalized;
}
