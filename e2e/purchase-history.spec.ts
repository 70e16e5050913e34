import { readFile } from 'node:fs/promises';
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
} from './support/checkout.js';
import { logIn } from './support/auth.js';

// Purchase history, invoices and refunds (issue 16) against the real server, its embedded
// database and the in-process sandbox provider. No sign-up here: the suite's sign-ups share one
// address's limit, so the buyer is a demo learner no other spec uses.

test('buys a course, finds it in the history, downloads the invoice, gets a refund and a credit note', async ({
  page,
}) => {
  test.slow();
  await page.goto('/join/login-popup/?next=/');
  await logIn(page, 'sam@acme.example', 'lectern-demo');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await buyNow(page, COURSES.typescript);
  await enterUsBilling(page, '98101');
  await fillCard(page, CARDS.visa);
  await completeCheckout(page);
  await expectPurchased(page, [COURSES.typescript.title]);

  // The user menu leads to the history; the order is there with its card.
  await page.goto('/dashboard/purchase-history/');
  await expect(page.getByRole('heading', { name: 'Purchase history', level: 1 })).toBeVisible();
  const order = page.getByTestId('purchase-row');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('1 course purchased');
  await expect(order).toContainText('Visa ****4242');
  await expect(order).toContainText('Completed');
  await page.getByRole('button', { name: 'View all courses' }).click();
  const line = page.getByTestId('purchase-line');
  await expect(line).toContainText(COURSES.typescript.title);
  await checkA11y(page);

  // The invoice is a real PDF with its number.
  const [invoice] = await Promise.all([
    page.waitForEvent('download'),
    order.getByRole('link', { name: /^Download/ }).click(),
  ]);
  expect(invoice.suggestedFilename()).toMatch(/^Lectern-INV-\d{6}\.pdf$/);
  const bytes = await readFile((await invoice.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The refund: its page says where the money goes; the request lands on the Refunds tab.
  await line.getByRole('link', { name: /Request a refund/ }).click();
  await expect(page).toHaveURL(/\/request-refund\/\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Request a refund' })).toBeVisible();
  await expect(page.getByText(/back to Visa \*\*\*\*4242/)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect(page.getByText('Choose a reason for the refund.')).toBeVisible();
  await page.getByLabel(/Why do you want a refund/).selectOption('not_satisfied');
  await page.getByLabel(/Anything else/).fill('It was not what I expected.');
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect(page).toHaveURL(/\/dashboard\/purchase-history\/\?tab=refunds$/);
  await expect(page.getByRole('tab', { name: 'Refunds' })).toHaveAttribute('aria-selected', 'true');
  const refund = page.getByRole('table', { name: 'Your refunds' }).getByRole('row').nth(1);
  await expect(refund).toContainText(COURSES.typescript.title);
  await expect(refund).toContainText('Refunded');
  await expect(refund).toContainText('Visa ****4242');
  await checkA11y(page);
  const [creditNote] = await Promise.all([
    page.waitForEvent('download'),
    refund.getByRole('link', { name: /^Download/ }).click(),
  ]);
  expect(creditNote.suggestedFilename()).toMatch(/^Lectern-CN-\d{6}\.pdf$/);

  // The course is gone from My courses, and the order shows the refund.
  await page.goto('/home/my-courses/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: COURSES.typescript.title })).toHaveCount(0);
  await page.goto('/dashboard/purchase-history/');
  await expect(page.getByTestId('purchase-row')).toContainText('Refunded');
});

test('the demo learner’s old purchase is past its refund period', async ({ page }) => {
  await page.goto('/join/login-popup/?next=/dashboard/purchase-history/');
  await logIn(page, 'learner@example.com', 'lectern-demo');
  await expect(page).toHaveURL(/\/dashboard\/purchase-history\/$/);
  await expect(page.getByTestId('purchase-row').first()).toBeVisible();
  // Other tests may buy as the demo learner meanwhile: open every order.
  for (const button of await page.getByRole('button', { name: 'View all courses' }).all())
    await button.click();
  await expect(page.getByText(/Refund period ended on/).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/tab=subscriptions/);
  await expect(page.getByText("You don't have any transactions for a subscription plan.")).toBeVisible();
  await checkA11y(page);
});
