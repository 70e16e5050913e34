import { expect, test } from '@playwright/test';
import { DEMO_LEARNER, logIn, logOut, newUser, signUp, userMenuButton } from './support/auth.js';

test('sign up, log out, then log in and out as the demo learner', async ({ page }) => {
  const user = newUser();
  await page.goto('/join/signup-popup/');
  await signUp(page, user);
  await expect(userMenuButton(page, user.firstName)).toBeVisible();
  // Start-up step 2 (platform §4): a new account gets the browser's time zone.
  await expect
    .poll(async () => (await (await page.request.get('/api-2.0/contexts/me/?me=True')).json()).me.time_zone)
    .toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));

  await logOut(page, user.firstName);

  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/join\/login-popup\//);
  await logIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await expect(userMenuButton(page, DEMO_LEARNER.firstName)).toBeVisible();

  await logOut(page, DEMO_LEARNER.firstName);
});

test('a wrong password shows an inline error and stays on the login page', async ({ page }) => {
  await page.goto('/join/login-popup/?next=/');
  await logIn(page, DEMO_LEARNER.email, 'not-the-password');

  await expect(page.getByRole('alert').filter({ hasText: 'There was a problem logging in' })).toBeVisible();
  await expect(page).toHaveURL(/\/join\/login-popup\//);
  // Still logged out: the form stays, and the header (which hides its auth links on this page) has no user menu.
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(userMenuButton(page, DEMO_LEARNER.firstName)).toHaveCount(0);
});

test('signing up with ?next= lands on next', async ({ page }) => {
  const user = newUser();
  await page.goto('/join/signup-popup/?next=/');
  await signUp(page, user);

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(userMenuButton(page, user.firstName)).toBeVisible();
});
