import { expect, test } from '@playwright/test';
import {
  buyNow,
  CARDS,
  checkA11y,
  completeCheckout,
  COURSES,
  enterUsBilling,
  expectPurchased,
  fillCard,
  signUpFresh,
} from './support/checkout.js';

// Saved cards (checkout §2, §5): remember-me stores the card, the next checkout offers it
// first, and the payment settings page lists and deletes it.

test('saves a card, buys with it, then deletes it on the payment settings page', async ({ page }) => {
  test.slow();
  await signUpFresh(page);
  await page.goto('/user-manage/payment-settings/');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await expect(page.getByText("You don't have any saved payment method")).toBeVisible();
  await checkA11y(page);

  await buyNow(page, COURSES.typescript);
  await enterUsBilling(page);
  await fillCard(page, CARDS.visa);
  await expect(page.getByLabel('Securely save this card for my later purchases')).toBeChecked();
  await completeCheckout(page);
  await expectPurchased(page, [COURSES.typescript.title]);

  // The saved card comes first and open; it needs no card entry.
  await buyNow(page, COURSES.react);
  const saved = page.getByRole('radio', { name: /4242/ });
  await expect(saved).toBeChecked();
  await expect(page.getByTestId('stored-card')).toContainText('ending in 4242');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await enterUsBilling(page);
  await checkA11y(page);
  await completeCheckout(page);
  await expectPurchased(page, [COURSES.react.title]);

  await page.goto('/user-manage/payment-settings/');
  await page.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this payment method?' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Payment method successfully deleted' }),
  ).toBeVisible();
  await expect(page.getByText("You don't have any saved payment method")).toBeVisible();
});
