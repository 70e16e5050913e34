import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/auth.js';
import { checkA11y, signUpFresh } from './support/checkout.js';

// Subscriptions (issue 13) against the real server and the in-process sandbox: a trial stores
// the card through the provider's SDK and charges nothing; licenses added to a paid plan are
// charged prorated.

async function fillSubscriptionCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('Name on card').fill('Avery Tester');
}

async function fillBilling(page: Page, zip: string, company?: string): Promise<void> {
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('ZIP Code').fill(zip);
  if (company) await page.getByLabel(/^Company name/).fill(company);
  await page.getByLabel(/^Address line 1/).fill('1201 Third Avenue');
}

test('a new user signs up for business and starts a Team Plan trial with 4242 4242 4242 4242', async ({
  page,
}) => {
  test.slow();
  await signUpFresh(page);
  await page.goto('/business/sign-up/?ref=partner-60');
  await page.getByLabel(/^Organization name/).fill('Initech Learning');
  await page.getByRole('button', { name: 'Continue to the Team Plan' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout-teamplan\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Buy Lectern Business - Team Plan' }),
  ).toBeVisible();
  await expect(page.getByTestId('license-picker')).toHaveValue('10');

  // Above the cap the checkout gives way to the Enterprise note (team-plan §2).
  await page.getByTestId('license-picker').selectOption('more');
  await expect(page.getByText('Team Plan only allows for 20 total users.')).toBeVisible();
  await expect(page.getByTestId('checkout-submit')).toHaveCount(0);
  await page.getByTestId('license-picker').selectOption('10');

  await fillBilling(page, '98101', 'Initech Learning Inc.');
  await expect(page.getByTestId('summary-licenses')).toHaveText('10');
  await expect(page.getByTestId('summary-total-today')).toHaveText('$0.00');
  await expect(page.getByTestId('summary-total-trial')).toContainText('$');
  await expect(page.getByText('This card will be stored on your account')).toBeVisible();
  await fillSubscriptionCard(page, '4242 4242 4242 4242');
  await checkA11y(page);

  const submits: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/payment/checkout-submit/')) submits.push(request.postDataJSON());
  });
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
  await expect(page.getByText('10 licenses in total')).toBeVisible();
  await expect(page.getByText('Trial ends:')).toBeVisible();
  expect(JSON.stringify(submits)).not.toContain('4242424242424242');
  await checkA11y(page);
});

test('the owner of the paid demo plan adds 3 licenses and pays the prorated total', async ({ page }) => {
  test.slow();
  await page.goto('/join/login-popup/?next=/payment/upsell-teamplan/');
  await logIn(page, 'owner@example.com', 'lectern-demo');
  await expect(page).toHaveURL(/\/payment\/upsell-teamplan\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy additional user licenses' })).toBeVisible();
  await page.getByTestId('license-picker').selectOption('3');
  await expect(page.getByTestId('summary-licenses')).toHaveText('3');
  await expect(page.getByText(/Subtotal \(prorated for \d+ of \d+ days\)/)).toBeVisible();
  const today = page.getByTestId('summary-total-today');
  await expect(today).not.toHaveText('$0.00');
  const total = await today.textContent();
  await fillSubscriptionCard(page, '4242 4242 4242 4242');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add licenses' }).click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByText('13 licenses in total')).toBeVisible();
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
});

test('a learner starts a Personal Plan trial and can cancel and reactivate it', async ({ page }) => {
  test.slow();
  await signUpFresh(page);
  await page.goto('/personal-plan/');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Plan' })).toBeVisible();
  await expect(page.getByText('New opportunities await.')).toBeVisible();
  await checkA11y(page);
  await page
    .getByTestId('plan-option-personal-monthly')
    .getByRole('link', { name: 'Start free trial' })
    .click();
  await expect(page).toHaveURL(/\/payment\/checkout-personal-plan\/\?option=personal-monthly$/);
  await fillBilling(page, '10001');
  await expect(page.getByTestId('summary-total-today')).toHaveText('$0.00');
  await fillSubscriptionCard(page, '5555 5555 5555 4444');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('You have cancelled your Personal Plan subscription.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled');
  await page.getByRole('button', { name: 'Reactivate subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('You have reactivated your subscription successfully.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await checkA11y(page);
});
