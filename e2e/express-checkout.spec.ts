import { expect, test } from '@playwright/test';
import { DEMO_LEARNER, logIn } from './support/auth.js';
import {
  CARDS,
  checkA11y,
  completeCheckout,
  COURSES,
  enterUsBilling,
  expectPurchased,
  fillCard,
  signUpFresh,
} from './support/checkout.js';

// Express checkout (checkout §7): `/express/?course_id=` buys one course without the cart.
// Seeded ids: 1 is TypeScript from First Principles (the demo learner owns it), 2 Modern React.
const REACT_EXPRESS = '/express/?course_id=2&coupon_code=LECTERN10';

test('pays for one course from its express link with its code, and leaves the cart as it was', async ({
  page,
}) => {
  test.slow();
  await signUpFresh(page);
  await page.goto(COURSES.typescript.path);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();

  await page.goto(REACT_EXPRESS);
  const items = page.getByTestId('checkout-items');
  await expect(items.getByText(COURSES.react.title)).toBeVisible();
  await expect(items.getByText('LECTERN10')).toBeVisible();
  await expect(items.getByText(COURSES.typescript.title)).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Back to ${COURSES.react.title}` })).toHaveAttribute(
    'href',
    COURSES.react.path,
  );
  await enterUsBilling(page);
  await fillCard(page, CARDS.visa);
  await checkA11y(page);
  await completeCheckout(page);
  await expectPurchased(page, [COURSES.react.title]);

  await page.goto('/cart/');
  await expect(page.getByRole('link', { name: COURSES.typescript.title })).toBeVisible();
  await expect(page.getByRole('link', { name: COURSES.react.title })).toHaveCount(0);
});

test('a visitor logs in and comes back to the express checkout, which says a course is owned', async ({
  page,
}) => {
  await page.goto('/express/?course_id=1');
  await page.getByRole('link', { name: 'Log in to continue' }).click();
  await expect(page).toHaveURL(/\/join\/login-popup\/\?next=/);
  await logIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await expect(page).toHaveURL(/\/express\/\?course_id=1$/);
  await expect(page.getByRole('alert')).toContainText(`You already own “${COURSES.typescript.title}”`);
  await expect(page.getByRole('link', { name: 'Go to My courses' })).toBeVisible();
  await checkA11y(page);
});

test('a link that names no course says so', async ({ page }) => {
  await page.goto('/express/?course_id=abc');
  await expect(page.getByText('This checkout link does not name a course we sell.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse courses' })).toBeVisible();
  await checkA11y(page);
});
