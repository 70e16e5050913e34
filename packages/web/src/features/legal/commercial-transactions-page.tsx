import type { LocalizedContent } from './legal-document';
import { LegalPage } from './legal-page';

const CONTENT: LocalizedContent = {
  'en-US': () => import('./content/commercial-transactions.en'),
  'es-ES': () => import('./content/commercial-transactions.es'),
  'pt-BR': () => import('./content/commercial-transactions.pt-BR'),
  'ja-JP': () => import('./content/commercial-transactions.ja'),
};

/**
 * `/terms/commercial-transactions/`: 特定商取引法に基づく表記, the disclosure Japanese law asks of
 * online sellers, linked from the checkout for JP buyers (checkout §2).
 */
export function CommercialTransactionsPage() {
  return <LegalPage route="commercialTransactions" content={CONTENT} updated="2026-11-26" />;
}
