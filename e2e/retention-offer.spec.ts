import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from './support/auth.js';
import { checkA11y } from './support/checkout.js';

// Issue 19 (decision 0029): a paying Personal Plan subscriber who presses cancel is offered to
// stay at a discount first. A new user skips the free trial (`POST /payment/skip-free-trial/`)
// so the first month is paid at once, the plan is active, and the offer is theirs to take.

const escaped = (text: string) => text.replace(/[$.]/g, '\\$&');

async function skipPersonalPlanTrial(page: Page): Promise<void> {
  const plans = await page.request.get(
    `/api/2022-03/graphql/?query=${encodeURIComponent('{ subscriptionPlans { id productType } }')}`,
  );
  expect(plans.status()).toBe(200);
  const personal = (
    (await plans.json()) as { data: { subscriptionPlans: { id: string; productType: string }[] } }
  ).data.subscriptionPlans.find((plan) => plan.productType === 'CONSUMERSUBSCRIPTION')!;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const skip = await page.request.post('/payment/skip-free-trial/', {
    headers: { 'X-CSRFToken': csrf },
    data: { subscription_plan_id: Number(personal.id), enabled: true },
  });
  expect(skip.status()).toBe(200);
}

test('a Personal Plan subscriber is offered 2 months at half price on cancelling, takes it, and can still cancel', async ({
  page,
}) => {
  test.slow();
  const user = newUser();
  await page.goto('/join/signup-popup/?next=/personal-plan/');
  await signUp(page, user);
  // The pathname: the sign-up page's own address ends with `?next=/personal-plan/`.
  await expect(page).toHaveURL((url) => url.pathname === '/personal-plan/');
  await skipPersonalPlanTrial(page);

  // The monthly plan, paid now: no trial.
  await page.goto('/personal-plan/');
  await page.getByTestId('plan-option-personal-monthly').getByRole('link').click();
  await expect(page).toHaveURL(/\/payment\/checkout-personal-plan\/\?option=personal-monthly$/);
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  // Seattle: state and city sales tax, computed on the discounted price too.
  await page.getByLabel('ZIP Code').fill('98101');
  await page.getByLabel(/^Address line 1/).fill('1201 Third Avenue');
  await expect(page.getByTestId('summary-total-today')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('summary-total-today')).not.toHaveText('$0.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('Name on card').fill('Avery Tester');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/user\/manage-subscriptions\/$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  const regular = (await page.getByText(/will be charged to your saved payment method/).textContent())!.match(
    /^\$[\d,]+\.\d\d/,
  )![0];

  // Cancel: the offer comes first, in dollars.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const offer = page.getByRole('dialog', { name: 'Before you go' });
  await expect(
    offer.getByRole('heading', { name: 'Stay and get your next 2 months at 50% off' }),
  ).toBeVisible();
  await expect(offer).toContainText(
    new RegExp(`You pay \\$[\\d,]+\\.\\d\\d instead of ${escaped(regular)} for your next 2 monthly payments`),
  );
  await expect(offer).toContainText('Amounts include tax.');
  await expect(offer.getByRole('button', { name: 'No thanks, cancel' })).toBeVisible();
  await checkA11y(page, '[role="dialog"]');
  await offer.getByRole('button', { name: 'Accept offer' }).click();

  await expect(page.getByText(/^Offer accepted: you now pay \$[\d,]+\.\d\d instead of/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('retention-offer-running')).toContainText(
    `instead of ${regular} per payment`,
  );
  // The next payment shown is the discounted one.
  await expect(page.getByText(/will be charged to your saved payment method/)).not.toContainText(regular);
  await checkA11y(page);

  // One offer per plan: cancelling now asks only to confirm.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel subscription' });
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('You have cancelled your Personal Plan subscription.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled');

  // The confirmation mail.
  await page.goto('/dev/mailbox/');
  await expect(
    page.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'retention_offer_accepted' }),
  ).toHaveCount(1);
});
