import type { LocalizedContent } from './legal-document';
import { LegalPage } from './legal-page';

const CONTENT: LocalizedContent = {
  'en-US': () => import('./content/cookie-policy.en'),
  'es-ES': () => import('./content/cookie-policy.es'),
  'pt-BR': () => import('./content/cookie-policy.pt-BR'),
  'ja-JP': () => import('./content/cookie-policy.ja'),
};

/**
 * `/terms/cookie-policy/`: the consent categories of platform §6 and every cookie of the registry.
 */
export function CookiePolicyPage() {
  return <LegalPage route="cookiePolicy" content={CONTENT} updated="2026-11-26" />;
}
