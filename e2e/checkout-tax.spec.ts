import { expect, test } from '@playwright/test';
import { logIn } from './support/auth.js';
import { buyNow, checkA11y, COURSES } from './support/checkout.js';

// Tax at checkout (issue 17) in the real app: Canada's taxes on separate rows, a US ZIP's
// combined rate, and a business buyer's VAT number reverse-charged. Nothing is bought (the
// demo learner's purchases belong to the purchase-history spec).

test('shows GST and QST apart, the combined US rate, and reverse-charges a valid VAT number', async ({
  page,
}) => {
  await page.goto('/join/login-popup/?next=/');
  await logIn(page, 'sam@acme.example', 'lectern-demo');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await buyNow(page, COURSES.node);

  await page.getByLabel('Country', { exact: true }).selectOption('CA');
  await page.getByLabel('Province').selectOption('QC');
  await expect(page.getByText('GST (5%)')).toBeVisible();
  await expect(page.getByText('QST (9.975%)')).toBeVisible();
  await expect(page.getByTestId('summary-tax-line')).toHaveCount(2);
  await checkA11y(page);

  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('ZIP Code').fill('98101');
  await expect(page.getByText('Tax (10.55%)')).toBeVisible();

  await page.getByLabel('Country', { exact: true }).selectOption('FR');
  await expect(page.getByText('Tax (20%)')).toBeVisible();
  const number = page.getByLabel('VAT number (optional)');
  await number.fill('FR40303265046');
  await number.blur();
  await expect(page.getByText(/Enter a valid VAT number for France/)).toBeVisible();
  await number.fill('FR 40 303 265 045');
  await number.blur();
  await expect(page.getByTestId('summary-tax-note')).toContainText('Reverse charge');
  await expect(page.getByText('Tax (0%)')).toBeVisible();
  await expect(page.getByText(/Enter a valid VAT number/)).toHaveCount(0);
  await checkA11y(page);
});
