import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.js';

interface PageCase {
  name: string;
  path: string;
  status: number;
  // Something that only appears once the React app has rendered the page.
  ready: (page: Page) => Locator;
}

const cases: PageCase[] = [
  { name: 'home', path: '/', status: 200, ready: (page) => page.getByRole('banner') },
  {
    name: 'login',
    path: '/join/login-popup/?next=/',
    status: 200,
    ready: (page) => page.getByRole('button', { name: 'Log in', exact: true }),
  },
  {
    name: 'signup',
    path: '/join/signup-popup/',
    status: 200,
    ready: (page) => page.getByRole('button', { name: 'Sign up', exact: true }),
  },
  { name: '404', path: '/no-such-page-e2e/', status: 404, ready: (page) => page.getByRole('banner') },
  {
    name: 'category',
    path: '/courses/design/',
    status: 200,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Design courses' }),
  },
  {
    name: 'course landing',
    path: '/course/typescript-from-first-principles/',
    status: 200,
    ready: (page) => page.getByRole('button', { name: 'Add to cart' }),
  },
  {
    name: 'cart (visitor)',
    path: '/cart/',
    status: 200,
    ready: (page) => page.getByRole('button', { name: 'Checkout' }),
  },
  {
    name: 'checkout (nothing to check out)',
    path: '/payment/checkout/',
    status: 200,
    ready: (page) => page.getByText('There is nothing to check out.'),
  },
  {
    name: 'checkout success (visitor)',
    path: '/cart/success/00000000-0000-4000-8000-000000000000/',
    status: 200,
    ready: (page) => page.getByRole('link', { name: 'Log in to see this page' }),
  },
  {
    name: 'payment settings (visitor)',
    path: '/user-manage/payment-settings/',
    status: 200,
    ready: (page) => page.getByRole('link', { name: 'Log in to see this page' }),
  },
  {
    name: 'my courses (visitor)',
    path: '/home/my-courses/',
    status: 200,
    ready: (page) => page.getByRole('link', { name: 'Log in to see this page' }),
  },
  {
    name: 'credit history (visitor)',
    path: '/dashboard/credit-history/',
    status: 200,
    ready: (page) => page.getByRole('link', { name: 'Log in to see this page' }),
  },
  {
    name: 'purchase history (visitor)',
    path: '/dashboard/purchase-history/',
    status: 200,
    ready: (page) => page.getByRole('link', { name: 'Log in to see this page' }),
  },
];

for (const { name, path, status, ready } of cases) {
  test(`${name} page (${path}) answers ${status} and has no serious axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), `HTTP status of ${path}`).toBe(status);
    await expect(ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });
}

test('the footer hides "Cookie settings" inside the mobile app', async ({ page }) => {
  // Checked visible first, so the hidden assertion below cannot pass vacuously.
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByText('Cookie settings', { exact: true })).toBeVisible();

  await page.goto('/?display_type=mobile_app');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Cookie settings', { exact: true })).toBeHidden();
});
