import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.js';

// The sandbox payment provider's browser side, on its test page (served by the in-process
// sandbox in test mode): the SDK creates payment methods, confirms a 3-D Secure card in its
// modal frame, and the challenge is completed or failed like a customer would.

const sandboxUrl = `http://127.0.0.1:${process.env.LECTERN_E2E_SANDBOX_PORT}`;
const SECRET_KEY = 'sk_test_lectern_sandbox';

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function openTestPage(page: Page, cardNumber: string) {
  await page.goto(`${sandboxUrl}/test/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox test page' })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
}

const result = (page: Page) => page.locator('#result');

test.describe('sandbox payment provider in the browser', () => {
  test('creates a payment method with the SDK, under a strict CSP', async ({ page, baseURL }) => {
    const csp = watchCsp(page);
    await openTestPage(page, '4242 4242 4242 4242');
    await expectNoSeriousA11yViolations(page);
    // The app's developer tools, on the app's origin.
    await expect(page.getByRole('link', { name: 'Server clock' })).toHaveAttribute(
      'href',
      `${baseURL}/dev/clock/`,
    );
    await expect(page.getByRole('link', { name: 'Mailbox' })).toHaveAttribute(
      'href',
      `${baseURL}/dev/mailbox/`,
    );
    await page.getByRole('button', { name: 'Create payment method' }).click();
    await expect(result(page)).toHaveText(/^Created payment method pm_\w+ \(visa •••• 4242\)$/);
    expect(csp).toEqual([]);
  });

  test('confirms a 3-D Secure card and completes the challenge', async ({ page }) => {
    const csp = watchCsp(page);
    await openTestPage(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
    await expect(challenge.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(result(page)).toHaveText(/^Payment succeeded: pi_\w+$/);
    await expect(page.locator('iframe[title="3-D Secure authentication"]')).toHaveCount(0);
    expect(csp).toEqual([]);
  });

  test('confirms a 3-D Secure card and fails the challenge', async ({ page }) => {
    await openTestPage(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(result(page)).toHaveText(
      /^Payment failed: The provided PaymentMethod has failed authentication/,
    );
    await expect(result(page)).toHaveAttribute('data-status', 'failed');
  });

  test('a card that is declined after authentication reports the decline', async ({ page }) => {
    await openTestPage(page, '4000 0084 0000 1629');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page
      .frameLocator('iframe[title="3-D Secure authentication"]')
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await expect(result(page)).toHaveText('Payment failed: Your card was declined.');
  });

  test('encrypts card fields into a JWE in the browser', async ({ page }) => {
    await openTestPage(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Encrypt card' }).click();
    await expect(result(page)).toHaveText('Encrypted card (5 JWE parts)');
  });

  test('pays with a wallet through the sandbox pay sheet', async ({ page }) => {
    await openTestPage(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay with a wallet' }).click();
    const sheet = page.frameLocator('iframe[title="Sandbox pay sheet"]');
    await expect(sheet.getByRole('heading', { name: 'Google Pay (sandbox)' })).toBeVisible();
    await sheet.getByLabel('Card in the wallet').selectOption({ label: 'Mastercard: succeeds (•••• 4444)' });
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(result(page)).toHaveText(/^Wallet payment succeeded: pi_\w+$/);
    await expect(page.locator('iframe[title="Sandbox pay sheet"]')).toHaveCount(0);
  });

  test('the redirect flow returns to the return_url after the challenge', async ({ page, request }) => {
    const response = await request.post(`${sandboxUrl}/v1/payment_intents`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
      form: {
        amount: '2500',
        currency: 'usd',
        confirm: 'true',
        payment_method: 'pm_card_threeDSecure2Required',
        return_url: `${sandboxUrl}/test/?returned=1`,
      },
    });
    const intent = (await response.json()) as {
      id: string;
      next_action: { redirect_to_url: { url: string } };
    };
    await page.goto(intent.next_action.redirect_to_url.url);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(
      new RegExp(`returned=1&payment_intent=${intent.id}.*redirect_status=succeeded`),
    );
  });
});
