import { expect, type Page } from '@playwright/test';
import { newUser, signUp } from './auth.js';
import { expectNoSeriousA11yViolations } from './axe.js';

export const COURSES = {
  typescript: {
    title: 'TypeScript from First Principles',
    path: '/course/typescript-from-first-principles/',
  },
  react: {
    title: 'Modern React with Hooks and Suspense',
    path: '/course/modern-react-with-hooks-and-suspense/',
  },
  python: { title: 'Python for Data Analysis', path: '/course/python-for-data-analysis/' },
  node: { title: 'Node.js Services that Scale', path: '/course/node-js-services-that-scale/' },
} as const;

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
} as const;

export async function signUpFresh(page: Page): Promise<void> {
  await page.goto('/join/signup-popup/?next=/');
  await signUp(page, newUser());
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** Axe on the page, or only on the part `include` selects. */
export async function checkA11y(page: Page, include?: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, include);
}

/** The checkout of the cart's list, or the express checkout of one course (checkout §7). */
export const ON_CHECKOUT = /\/(payment\/checkout\/|express\/\?course_id=\d+)$/;

/** "Buy now" on a course page: the express checkout opens with just that course. */
export async function buyNow(page: Page, course: { path: string }): Promise<void> {
  await page.goto(course.path);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/express\/\?course_id=\d+$/);
  await expect(page.getByTestId('checkout-items').getByRole('listitem')).toHaveCount(1);
}

/** The billing address of checkout §5: a US ZIP (a country change clears it first), then priced. */
export async function enterUsBilling(page: Page, zip = '10001'): Promise<void> {
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  const field = page.getByLabel('ZIP Code');
  await field.fill(zip);
  await expect(field).toHaveValue(zip);
  await expectPriced(page);
}

/**
 * The order summary priced for the billing address: tax neither asked for ("Enter your
 * billing address") nor loading (an empty loader), and a total (which waits for tax where tax
 * comes on top).
 */
export async function expectPriced(page: Page): Promise<void> {
  const tax = page.getByTestId('summary-tax');
  await expect(tax.getByRole('status')).toHaveCount(0);
  await expect(tax).toHaveText(/\d/);
  await expect(page.getByTestId('summary-total')).toHaveText(/\d/);
}

/** Opens a payment method of the accordion (checkout §2: exactly one open, by its radio). */
export async function chooseMethod(page: Page, name: string | RegExp): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: typeof name === 'string' });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** The card form, opened first (in the US the express wallets come first). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await chooseMethod(page, 'Card');
  await page.getByLabel('Name on card').fill('Lena Learner');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
}

export const completeCheckout = (page: Page) =>
  page.getByRole('button', { name: 'Complete checkout' }).click();

/** The success page of checkout: the order with its courses. */
export async function expectPurchased(page: Page, titles: readonly string[]): Promise<void> {
  await expect(page).toHaveURL(/\/cart\/success\/[^/]+\/$/);
  await expect(page.getByTestId('purchase-completed')).toBeVisible();
  for (const title of titles) {
    await expect(page.getByTestId('order-lines').getByRole('link', { name: title })).toBeVisible();
  }
}
