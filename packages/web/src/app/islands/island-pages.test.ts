import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../i18n/load-messages';
import { ISLAND_MESSAGE_PREFIXES, islandMessages, isIslandPage } from './island-pages';

describe('island pages', () => {
  it('hydrates the public pages, the cart and the checkout as islands and the rest as the single-page app', () => {
    for (const page of [
      'home',
      'category',
      'courseLanding',
      'courseSearch',
      'personalPlan',
      'terms',
      'cookiePolicy',
      'businessSignUp',
      'cart',
      'checkout',
      undefined,
    ] as const) {
      expect(isIslandPage(page)).toBe(true);
    }
    for (const page of ['myCourses', 'checkoutSuccess', 'teamPlanCheckout'] as const) {
      expect(isIslandPage(page)).toBe(false);
    }
  });

  it('hands the islands only their messages, and all of those', () => {
    const messages = islandMessages(englishMessages);
    const ids = Object.keys(messages);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => ISLAND_MESSAGE_PREFIXES.some((prefix) => id.startsWith(prefix)))).toBe(true);
    expect(messages['shell.cart' as keyof typeof messages]).toBe(englishMessages['shell.cart']);
    expect(ids).not.toContain('checkout.pageTitle');
    const expected = Object.keys(englishMessages).filter((id) =>
      ISLAND_MESSAGE_PREFIXES.some((prefix) => id.startsWith(prefix)),
    );
    expect(ids.sort()).toEqual(expected.sort());
  });

  it("hands the checkout's messages to the checkout page only", () => {
    expect(Object.keys(islandMessages(englishMessages, 'checkout'))).toContain('checkout.complete');
    expect(Object.keys(islandMessages(englishMessages, 'cart'))).not.toContain('checkout.complete');
  });
});
