import { expect, test, type Page } from '@playwright/test';
import { DEMO_LEARNER, logIn } from './support/auth.js';

// Issue 34: on a phone no page is wider than the screen. Every public page, the cart, both
// checkouts and the learner's and organization's areas, at 360 and 390 px: nothing scrolls
// sideways, and the header's account buttons wait behind the menu button.

const PUBLIC_PAGES = [
  '/',
  '/courses/design/',
  '/course/typescript-from-first-principles/',
  '/courses/search/?q=typescript',
  '/cart/',
  '/join/login-popup/?next=/',
  '/join/signup-popup/',
  '/personal-plan/',
  '/business/sign-up/',
  '/terms/',
  '/no-such-page-e2e/',
];

const LEARNER_PAGES = [
  '/cart/',
  '/payment/checkout/',
  '/personal-plan/',
  '/home/my-courses/',
  '/dashboard/purchase-history/',
  '/dashboard/credit-history/',
  '/user-manage/payment-settings/',
  '/user/manage-subscriptions/',
];

const OWNER = { email: 'owner@example.com', password: 'lectern-demo' };
const OWNER_PAGES = [
  '/payment/upsell-teamplan/',
  '/organization-manage-v2/admin-overview/',
  '/organization-manage-v2/users/',
  '/organization-manage-v2/settings/subscription/',
  '/organization-manage-v2/settings/billing/',
];

/** How much wider than the window the page is (0 when it fits). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectEachFits(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflowOf(page), `${path} is wider than the screen`).toBe(0);
  }
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('public pages fit, and the menu button holds the account buttons', async ({ page }) => {
      test.setTimeout(180_000);
      await expectEachFits(page, PUBLIC_PAGES);

      await page.goto('/');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Log in' })).toBeHidden();
      await banner.locator('summary', { hasText: 'Account menu' }).click();
      await expect(banner.getByRole('link', { name: 'Sign up' })).toBeVisible();
      await banner.getByRole('link', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/join\/login-popup\//);
    });

    test("a learner's pages fit", async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto('/join/login-popup/?next=/cart/');
      await logIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
      await expect(page).toHaveURL(/\/cart\/$/);
      await expectEachFits(page, LEARNER_PAGES);
    });

    test("an organization owner's pages fit", async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto('/join/login-popup/?next=/');
      await logIn(page, OWNER.email, OWNER.password);
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expectEachFits(page, OWNER_PAGES);
    });
  });
}
