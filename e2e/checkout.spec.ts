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
  ON_CHECKOUT,
  signUpFresh,
} from './support/checkout.js';

// Card checkout (issue 5) against the real server and the in-process sandbox provider: the
// page loads the provider's SDK from the provider's origin, card data goes only there.

test('buys two courses with a coupon by card and a US ZIP, then finds them in My courses', async ({
  page,
}) => {
  test.slow();
  await signUpFresh(page);
  for (const course of [COURSES.typescript, COURSES.react]) {
    await page.goto(course.path);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  }
  await page.goto('/cart/');
  await page.getByLabel('Coupon code').fill('LECTERN10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Remove coupon LECTERN10' })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\/$/);

  // Checkout §2: the first method (the express wallets, once the provider reports them) is
  // open; the summary shows the discount.
  await expect(page.getByRole('radio', { name: 'Express checkout' })).toBeChecked();
  await expect(page.getByRole('button', { name: /Apple Pay/ })).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toBeVisible();
  await expect(page.getByTestId('checkout-items').getByText('LECTERN10')).toHaveCount(2);
  await enterUsBilling(page);
  await expect(page.getByTestId('summary-subtotal')).toBeVisible();
  await fillCard(page, CARDS.visa);
  await checkA11y(page);

  const submits: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/payment/checkout-submit/')) submits.push(request.postDataJSON());
  });
  await completeCheckout(page);
  await expectPurchased(page, [COURSES.typescript.title, COURSES.react.title]);
  // Raw card data never goes to our server.
  expect(JSON.stringify(submits)).not.toContain('4242424242424242');
  await checkA11y(page);

  await page.getByRole('link', { name: 'Go to My courses' }).click();
  await expect(page).toHaveURL(/\/home\/my-courses\/$/);
  for (const course of [COURSES.typescript, COURSES.react]) {
    await expect(page.getByRole('link', { name: course.title })).toBeVisible();
  }
});

test('buys with a 3-D Secure card after completing the challenge', async ({ page }) => {
  await signUpFresh(page);
  await buyNow(page, COURSES.python);
  await enterUsBilling(page);
  await fillCard(page, CARDS.threeDSecure);
  await completeCheckout(page);
  const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
  await expect(challenge.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expectPurchased(page, [COURSES.python.title]);
});

test('a declined card shows its message, keeps the form, and a second card then succeeds', async ({
  page,
}) => {
  await signUpFresh(page);
  await buyNow(page, COURSES.node);
  await enterUsBilling(page);
  await fillCard(page, CARDS.declined);
  await completeCheckout(page);
  await expect(page.getByTestId('checkout-message')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(ON_CHECKOUT);
  await checkA11y(page);

  await page.getByLabel('Card number').fill(CARDS.visa);
  await completeCheckout(page);
  await expectPurchased(page, [COURSES.node.title]);
});

test('a total that changed while the page was open: the new total and why, nothing paid, then it pays', async ({
  page,
  browser,
}) => {
  test.slow();
  const openCheckoutWithCode = async (buyer: typeof page) => {
    await signUpFresh(buyer);
    await buyer.goto(COURSES.python.path);
    await buyer.getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyer.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    await buyer.goto('/cart/');
    await buyer.getByLabel('Coupon code').fill('FIRSTBUYER');
    await buyer.getByRole('button', { name: 'Apply' }).click();
    await expect(buyer.getByRole('button', { name: 'Remove coupon FIRSTBUYER' })).toBeVisible();
    await buyer.getByRole('button', { name: 'Checkout' }).click();
    await expect(buyer).toHaveURL(/\/payment\/checkout\/$/);
    await enterUsBilling(buyer);
  };
  await openCheckoutWithCode(page);
  const seen = await page.getByTestId('summary-total').textContent();

  // Another buyer, in another browser, uses the code's only use first.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await openCheckoutWithCode(other);
  await fillCard(other, CARDS.visa);
  await completeCheckout(other);
  await expectPurchased(other, [COURSES.python.title]);
  await otherContext.close();

  const submits: { expected_total?: { amount: number } }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/payment/checkout-submit/')) submits.push(request.postDataJSON());
  });
  await fillCard(page, CARDS.visa);
  await completeCheckout(page);
  await expect(page.getByTestId('checkout-message')).toContainText(
    `The total of your order changed from ${seen}`,
  );
  await expect(page.getByTestId('checkout-message')).toContainText('nothing was charged');
  await expect(page.getByTestId('summary-total')).not.toHaveText(seen ?? '');
  await expect(page).toHaveURL(/\/payment\/checkout\/$/);
  await checkA11y(page);

  await completeCheckout(page);
  await expectPurchased(page, [COURSES.python.title]);
  expect(submits).toHaveLength(2);
  expect(submits[1]!.expected_total!.amount).toBeGreaterThan(submits[0]!.expected_total!.amount);
});
