import { TEST_CARD_GROUPS, type TestCard } from '../cards/test-cards.js';
import { html, type Raw } from './html.js';

/** `1234 5678 …` (American Express 4-6-5), as the number is printed on the card. */
export function formatCardNumber(number: string): string {
  if (number.length === 15) return `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`;
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The test cards as `<option>`s (value: the number) under an `<optgroup>` per heading of the
 * card list, for the cards `keep` keeps; `label` names each option.
 */
export function testCardOptions(keep: (card: TestCard) => boolean, label: (card: TestCard) => string): Raw[] {
  return TEST_CARD_GROUPS.map((group) => ({ label: group.label, cards: group.cards.filter(keep) }))
    .filter((group) => group.cards.length > 0)
    .map(
      (group) =>
        html`<optgroup label="${group.label}">
          ${group.cards.map((card) => html`<option value="${card.number}">${label(card)}</option>`)}
        </optgroup>`,
    );
}
