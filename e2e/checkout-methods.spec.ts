import { expect, test, type Page } from '@playwright/test';
import {
  buyNow,
  checkA11y,
  chooseMethod,
  completeCheckout,
  COURSES,
  enterUsBilling,
  expectPriced,
  expectPurchased,
  signUpFresh,
} from './support/checkout.js';

// Issue 6: the methods of checkout §1 beyond cards, against the real server and the
// in-process sandbox provider (its hosted pages play the wallet, the lender, the bank and the
// voucher network).

const SANDBOX = `http://127.0.0.1:${process.env.LECTERN_E2E_SANDBOX_PORT}`;

/** A buyer priced in `country`'s currency (the price country cookie a visitor carries). */
async function signUpIn(page: Page, country: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'price_country', value: country, domain: '127.0.0.1', path: '/' }]);
  await signUpFresh(page);
}

async function billIn(page: Page, country: string): Promise<void> {
  await page.getByLabel('Country', { exact: true }).selectOption(country);
  await expectPriced(page);
}

/** The sandbox's method status switch (checkout §4 gateway status), with its secret key. */
async function setMethodStatus(type: string, status: 'up' | 'degraded' | 'down'): Promise<void> {
  const response = await fetch(`${SANDBOX}/v1/sandbox/method_status`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_lectern_sandbox',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ type, status }).toString(),
  });
  expect(response.ok).toBe(true);
}

test('pays with the wallet sheet (express)', async ({ page }) => {
  test.slow();
  await signUpFresh(page);
  await buyNow(page, COURSES.typescript);
  await enterUsBilling(page);
  await expect(page.getByRole('radio', { name: 'Express checkout' })).toBeChecked();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  const sheet = page.frameLocator('iframe[title="Sandbox pay sheet"]');
  await expect(sheet.getByRole('heading', { name: 'Apple Pay (sandbox)' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Pay' }).click();
  await expectPurchased(page, [COURSES.typescript.title]);
});

test('pays with the address buy-now-pay-later method: timeline, approval page, success', async ({ page }) => {
  test.slow();
  await signUpFresh(page);
  await buyNow(page, COURSES.react);
  await enterUsBilling(page, '98101');
  await chooseMethod(page, 'Afterpay');
  // Checkout §9 timeline: 4 payments every 2 weeks, the first today.
  await expect(page.getByRole('heading', { name: '4 payments, every 2 weeks' })).toBeVisible();
  const timeline = page.getByTestId('bnpl-timeline');
  await expect(timeline.getByText('Today')).toBeVisible();
  await expect(timeline.getByText('In 6 weeks')).toBeVisible();
  // Checkout §5: the first invalid field's message; in the US the ZIP is the billing ZIP.
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveCount(0);
  await completeCheckout(page);
  await expect(page.getByText('Please enter or check your address.').first()).toBeVisible();
  await page.getByLabel('Address line').fill('12 Main Street');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').fill('WA');
  await checkA11y(page);
  await completeCheckout(page);
  // The provider's approval page, then back to the success page.
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX}/hosted/`));
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expectPurchased(page, [COURSES.react.title]);
});

test('pays with iDEAL: bank chosen, redirect to the bank and back to success', async ({ page }) => {
  test.slow();
  await signUpIn(page, 'NL');
  await buyNow(page, COURSES.python);
  await billIn(page, 'NL');
  await chooseMethod(page, 'iDEAL');
  await completeCheckout(page);
  await expect(page.getByText('Please select your bank.').first()).toBeVisible();
  await page.getByLabel('Bank').selectOption({ label: 'ING' });
  await checkA11y(page);
  await completeCheckout(page);
  await expect(page).toHaveURL(new RegExp(`^${SANDBOX}/hosted/`));
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expectPurchased(page, [COURSES.python.title]);
});

test('pays with Boleto: a pending order, the voucher paid in the sandbox, the course in My courses', async ({
  page,
  context,
}) => {
  test.slow();
  await signUpIn(page, 'BR');
  await buyNow(page, COURSES.node);
  await billIn(page, 'BR');
  await chooseMethod(page, 'Boleto');
  await page.getByLabel('CPF/CNPJ').fill('52998224725');
  await completeCheckout(page);
  await expect(page).toHaveURL(/\/cart\/success\/[^/]+\/$/);
  await expect(page.getByRole('heading', { name: 'Your payment is pending' })).toBeVisible();
  await expect(page.getByText(/Pay your Boleto within 5 days/)).toBeVisible();
  await checkA11y(page);

  const voucherTab = context.waitForEvent('page');
  await page.getByRole('link', { name: /Open voucher/ }).click();
  const voucher = await voucherTab;
  const answered = voucher.waitForResponse((response) => response.url().includes('/hosted/api/actions/'));
  await voucher.getByRole('button', { name: 'Mark as paid' }).click();
  expect((await answered).ok()).toBe(true);
  await voucher.close();

  // The webhook fulfils the order; the success page follows it.
  await expect(page.getByTestId('purchase-completed')).toBeVisible({ timeout: 20_000 });
  await page.goto('/home/my-courses/');
  await expect(page.getByRole('link', { name: COURSES.node.title })).toBeVisible();
});

test('a degraded method shows its warning; a down method its error and no form', async ({ page }) => {
  test.slow();
  await setMethodStatus('paypal', 'degraded');
  await setMethodStatus('affirm', 'down');
  try {
    await signUpFresh(page);
    await buyNow(page, COURSES.typescript);
    await enterUsBilling(page);
    // The server reuses the provider's statuses for a few seconds.
    await expect(async () => {
      await page.reload();
      await chooseMethod(page, 'PayPal');
      await expect(
        page.getByText(/The payments vendor is currently experiencing intermittent issues/),
      ).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(/You will be redirected to PayPal/)).toBeVisible();
    await enterUsBilling(page);
    await chooseMethod(page, 'Affirm');
    await expect(page.getByText(/The payments vendor is temporarily offline/)).toBeVisible();
    await expect(page.getByText(/you will be redirected to Affirm/)).toHaveCount(0);
    await checkA11y(page);
    await completeCheckout(page);
    await expect(page.getByText('Please select an available payment method').first()).toBeVisible();
  } finally {
    await setMethodStatus('paypal', 'up');
    await setMethodStatus('affirm', 'up');
  }
});
