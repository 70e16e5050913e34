import { expect, test, type Page } from '@playwright/test';
import { logIn, newUser, signUp } from './support/auth.js';
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
  await expect(page).toHaveURL(/\/organization-manage-v2\/settings\/subscription\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
  await expect(page.getByText('10 licenses in total')).toBeVisible();
  await expect(page.getByText('Trial ends:')).toBeVisible();
  expect(JSON.stringify(submits)).not.toContain('4242424242424242');
  await checkA11y(page);
});

test('the owner of the paid demo plan adds 3 licenses and pays the prorated total with the stored card', async ({
  page,
}) => {
  test.slow();
  await page.goto('/join/login-popup/?next=/payment/upsell-teamplan/');
  await logIn(page, 'owner@example.com', 'lectern-demo');
  await expect(page).toHaveURL(/\/payment\/upsell-teamplan\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy additional user licenses' })).toBeVisible();
  await page.getByTestId('license-picker').selectOption('3');
  await expect(page.getByTestId('summary-licenses')).toHaveText('3');
  await expect(page.getByText(/Subtotal \(prorated for \d+ of \d+ days\)/)).toBeVisible();
  const today = page.getByTestId('summary-total-today');
  await expect(today).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(today).not.toHaveText('$0.00');
  const total = await today.textContent();
  // The demo plan renews on a stored Visa: the licenses are paid with it, no card to type.
  await expect(page.getByText('Your stored card: Visa •••• 4242')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add licenses' }).click();
  await expect(page).toHaveURL(/\/organization-manage-v2\/settings\/subscription\/$/);
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

test('a card that had a trial pays now instead; the plan page then says "You\'re subscribed"', async ({
  page,
}) => {
  test.slow();
  await signUpFresh(page);
  await page.goto('/payment/checkout-personal-plan/?option=personal-monthly');
  await fillBilling(page, '10001');
  await expect(page.getByTestId('summary-total-today')).toHaveText('$0.00');
  // The card of the test above already started a trial, on another account.
  await fillSubscriptionCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText(/Free Trial Limit Reached/)).toBeVisible();
  // Team-plan §4: the page reloads 5 s later, and now offers to pay today.
  await expect(page.getByTestId('trial-used')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('checkout-submit')).toHaveText('Pay now');
  await fillBilling(page, '10001');
  await expect(page.getByTestId('summary-total-today')).not.toHaveText('$0.00');
  await fillSubscriptionCard(page, '5555 5555 5555 4444');
  await checkA11y(page);
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');

  await page.goto('/personal-plan/');
  const subscribed = page.getByTestId('subscribed');
  await expect(subscribed.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);
  await subscribed.getByRole('link', { name: 'Manage your subscription' }).click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
});

// The developer clock moves the one server's clock for every test: these come last in this file
// (its tests run in order), and each uses a card no other test starts a trial with (one free
// trial per card, whichever the account). Only the Team Plan trial signs a new user up (the
// suite's signups share one address's limit); the Personal Plan ones use demo learners no other
// spec uses. The 3-D Secure trial comes first, before the clock has moved: with the clock ahead,
// the subscription reconciliation job takes any open checkout for a stale one and ends the
// challenge under the buyer.

/** Completes the provider's 3-D Secure challenge in the SDK's frame. */
async function completeChallenge(page: Page): Promise<void> {
  await page
    .frameLocator('iframe[title="3-D Secure authentication"]')
    .getByRole('button', { name: 'Complete authentication' })
    .click();
}

/** A demo learner starts a monthly Personal Plan trial (7 days) with `card`. */
async function startPersonalTrial(
  page: Page,
  email: string,
  card: string,
  { challenge = false }: { challenge?: boolean } = {},
): Promise<void> {
  await page.goto('/join/login-popup/?next=/personal-plan/');
  await logIn(page, email, 'lectern-demo');
  await expect(page).toHaveURL(/\/personal-plan\/$/);
  await page
    .getByTestId('plan-option-personal-monthly')
    .getByRole('link', { name: 'Start free trial' })
    .click();
  await fillBilling(page, '10001');
  await expect(page.getByTestId('summary-total-today')).toHaveText('$0.00');
  await fillSubscriptionCard(page, card);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  if (challenge) await completeChallenge(page);
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
}

/** `/dev/clock/`: moves the server's clock `days` forward; the due jobs run before it answers. */
async function advanceClock(page: Page, days: number): Promise<void> {
  await page.goto('/dev/clock/');
  await expect(page.getByRole('heading', { level: 1, name: 'Server clock' })).toBeVisible();
  await expect(page.getByTestId('dev-clock-now')).toBeVisible();
  await page.getByLabel('Days (1–400)').fill(String(days));
  await page.getByRole('button', { name: 'Advance the clock' }).click();
  await expect(page.getByTestId('dev-clock-result')).toContainText(/Moved to .+; \d+ jobs? ran\./, {
    timeout: 30_000,
  });
}

test('a renewal the bank wants confirmed is confirmed on the authentication page', async ({ page }) => {
  test.slow();
  // Authentication always required, even off session.
  const email = 'lee@acme.example';
  await startPersonalTrial(page, email, '4000 0027 6000 3184', { challenge: true });
  // The trial ends on day 7 and the first retry (day 8) asks for authentication again.
  await advanceClock(page, 8);

  await page.goto('/user/manage-subscriptions/');
  const banner = page.getByTestId('payment-issue');
  await expect(banner).toContainText(/Your bank needs you to confirm the payment of \$[\d,]+\.\d\d\./);
  await checkA11y(page, '[data-testid="payment-issue"]');
  await banner.getByRole('link', { name: 'Confirm payment' }).click();

  await expect(page).toHaveURL(/\/payment\/subscription-authenticate\/\?invoice=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeVisible();
  await expect(
    page.getByText('Your bank asks you to confirm the payment of your Personal Plan subscription.'),
  ).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Confirm payment' }).click();

  // The provider's 3-D Secure page, which comes back to the page; it asks once more by itself.
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('authenticate-status')).toContainText(
    'Your payment went through. Your subscription is active.',
  );
  await expect(page).toHaveURL(/\/payment\/subscription-authenticate\/\?invoice=\d+$/);
  await checkA11y(page);

  await page.getByRole('link', { name: 'Manage subscriptions' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('payment-issue')).toHaveCount(0);

  await page.goto('/dev/mailbox/');
  // One per attempt the bank refused without the learner (the due date and the retry after it).
  await expect(
    page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'authentication_required' }).first(),
  ).toBeVisible();
});

test('a trial converts when the developer clock moves past its end', async ({ page }) => {
  test.slow();
  const user = newUser();
  await page.goto('/join/signup-popup/?next=/business/sign-up/');
  await signUp(page, user);
  await expect(page).toHaveURL(/\/business\/sign-up\/$/);
  await page.getByLabel(/^Organization name/).fill('Clockwork Learning');
  await page.getByRole('button', { name: 'Continue to the Team Plan' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout-teamplan\/$/);
  await fillBilling(page, '98101', 'Clockwork Learning Inc.');
  await expect(page.getByTestId('summary-total-today')).toHaveText('$0.00');
  // Visa (debit): succeeds. 4242 4242 4242 4242 already started the first test's trial.
  await fillSubscriptionCard(page, '4000 0566 5566 5556');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/organization-manage-v2\/settings\/subscription\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial');

  // The 14-day trial ends on the way.
  await advanceClock(page, 15);

  await page.getByTestId('dev-clock-result').getByRole('link', { name: 'Manage subscriptions' }).click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByText('Next payment:')).toBeVisible();
  await expect(page.getByTestId('subscription-end')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByTestId('payment-issue')).toHaveCount(0);

  await page.goto('/dev/mailbox/');
  const receipt = page
    .getByRole('row')
    .filter({ hasText: user.email })
    .filter({ hasText: 'payment_receipt' });
  await expect(receipt).toHaveCount(1);
  await expect(receipt.getByRole('link', { name: /receipt/i })).toBeVisible();
});

test('a trial whose card fails goes past due, then expires after the last retry', async ({ page }) => {
  test.slow();
  // Attaching succeeds, charging the customer fails.
  await startPersonalTrial(page, 'kim@acme.example', '4000 0000 0000 0341');
  // Due on day 7, retried on day 8 (failed again), then on days 10 and 12.
  await advanceClock(page, 8);

  await page.goto('/user/manage-subscriptions/');
  const banner = page.getByTestId('payment-issue');
  await expect(banner).toContainText('Payment past due');
  await expect(banner).toContainText(/We couldn't charge your card for \$[\d,]+\.\d\d/);
  await expect(banner).toContainText(/We'll try again on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  // Access is kept while the card is retried.
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  // The banner only: the status ribbon's colours are the plan card's own business.
  await checkA11y(page, '[data-testid="payment-issue"]');

  // A confirmation link for a payment that is not this user's says so.
  await page.goto('/payment/subscription-authenticate/?invoice=999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByTestId('authenticate-not-found')).toContainText(
    'This payment link is not for your account',
  );
  await checkA11y(page);

  // Past the last retry the plan has expired.
  await advanceClock(page, 7);
  await page.goto('/user/manage-subscriptions/');
  await expect(page.getByTestId('subscription-status')).toHaveText('Expired');
  await expect(page.getByTestId('payment-issue')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Resubscribe' })).toHaveAttribute('href', '/personal-plan/');
});
