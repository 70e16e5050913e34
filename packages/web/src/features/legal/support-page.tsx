import type { LocalizedContent } from './legal-document';
import { LegalPage } from './legal-page';

const CONTENT: LocalizedContent = {
  'en-US': () => import('./content/support.en'),
  'es-ES': () => import('./content/support.es'),
  'pt-BR': () => import('./content/support.pt-BR'),
  'ja-JP': () => import('./content/support.ja'),
};

/**
 * `/support/`: the help centre (the user context's `urls.help`): the questions buyers ask, and
 * how to reach support.
 */
export function SupportPage() {
  return <LegalPage route="support" content={CONTENT} updated="2026-11-26" />;
}
