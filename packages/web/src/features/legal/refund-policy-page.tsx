import type { LocalizedContent } from './legal-document';
import { LegalPage } from './legal-page';

const CONTENT: LocalizedContent = {
  'en-US': () => import('./content/refund-policy.en'),
  'es-ES': () => import('./content/refund-policy.es'),
  'pt-BR': () => import('./content/refund-policy.pt-BR'),
  'ja-JP': () => import('./content/refund-policy.ja'),
};

/**
 * `/terms/refund-policy/`: the 30-day refund of courses (checkout §9) and what subscriptions refund.
 */
export function RefundPolicyPage() {
  return <LegalPage route="refundPolicy" content={CONTENT} updated="2026-11-26" />;
}
