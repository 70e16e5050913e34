import type { LocalizedContent } from './legal-document';
import { LegalPage } from './legal-page';

const CONTENT: LocalizedContent = {
  'en-US': () => import('./content/terms.en'),
  'es-ES': () => import('./content/terms.es'),
  'pt-BR': () => import('./content/terms.pt-BR'),
  'ja-JP': () => import('./content/terms.ja'),
};

/**
 * `/terms/`: the marketplace's terms of use (checkout §2 "terms").
 */
export function TermsPage() {
  return <LegalPage route="terms" content={CONTENT} updated="2026-11-26" />;
}
