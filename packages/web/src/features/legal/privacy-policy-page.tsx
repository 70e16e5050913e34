import type { LocalizedContent } from './legal-document';
import { LegalPage } from './legal-page';

const CONTENT: LocalizedContent = {
  'en-US': () => import('./content/privacy-policy.en'),
  'es-ES': () => import('./content/privacy-policy.es'),
  'pt-BR': () => import('./content/privacy-policy.pt-BR'),
  'ja-JP': () => import('./content/privacy-policy.ja'),
};

/**
 * `/terms/privacy/`: what personal data the product keeps, why, with whom, for how long, and the reader's rights.
 */
export function PrivacyPolicyPage() {
  return <LegalPage route="privacyPolicy" content={CONTENT} updated="2026-11-26" />;
}
