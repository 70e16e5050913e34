import { expect, test, type Page, type Request } from '@playwright/test';
import { logIn, newUser, signUp } from './support/auth.js';
import { checkA11y } from './support/checkout.js';

// Consent (issue 7, platform §4–§6) in the real app: a first visit meets the banner; the
// choice is kept in the consent cookie, published to the collector, saved for signed-in users
// on the server and restored on their next visit from another browser.
test.use({ storageState: { cookies: [], origins: [] } });

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy choices' });
const center = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });
const category = (page: Page, name: string) => center(page).getByRole('switch', { name });

async function consentCookie(page: Page): Promise<string | undefined> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'lectern_consent');
  return cookie && decodeURIComponent(cookie.value);
}

/** The events of a collector request (text/plain JSON list). */
function eventsOf(request: Request): { type: string; [field: string]: unknown }[] {
  return JSON.parse(request.postData() ?? '[]');
}

const isCollectorCall = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api-2.0/ecl';

test('the banner on a first visit; chosen categories are kept across a reload and published', async ({
  page,
}) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await checkA11y(page);

  await banner(page).getByRole('button', { name: 'Manage cookies' }).click();
  await expect(center(page)).toBeVisible();
  await expect(category(page, 'Strictly necessary cookies')).toBeChecked();
  await expect(category(page, 'Strictly necessary cookies')).toBeDisabled();
  await checkA11y(page);

  // The demo visitor prices in the US, an opt-out region: everything starts allowed.
  await expect(category(page, 'Advertising cookies')).toBeChecked();
  await category(page, 'Advertising cookies').uncheck();
  await category(page, 'Social media cookies').uncheck();
  await expect(category(page, 'Advertising cookies')).not.toBeChecked();

  const published = page.waitForRequest(
    (request) => isCollectorCall(request) && eventsOf(request).some((e) => e.type === 'ConsentChanged'),
  );
  await center(page).getByRole('button', { name: 'Confirm my choices' }).click();
  await expect(center(page)).toBeHidden();
  await expect(banner(page)).toBeHidden();
  expect(await consentCookie(page)).toBe('C0001:1,C0002:1,C0003:1,C0004:0,C0005:0');
  const event = eventsOf(await published).find((e) => e.type === 'ConsentChanged')!;
  expect(event).toMatchObject({
    allowedCategories: ['C0001', 'C0002', 'C0003'],
    trigger: 'preference_center_confirm',
  });

  await page.reload();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(category(page, 'Performance cookies')).toBeChecked();
  await expect(category(page, 'Functional cookies')).toBeChecked();
  await expect(category(page, 'Advertising cookies')).not.toBeChecked();
  await expect(category(page, 'Social media cookies')).not.toBeChecked();
});

test("a signed-in user's choice is saved on the server and restored in another browser", async ({
  page,
  browser,
}) => {
  const user = newUser();
  await page.goto('/join/signup-popup/?next=/');
  await signUp(page, user);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/privacy/user-cookie-preferences/',
  );
  await banner(page).getByRole('button', { name: 'Reject non-essential' }).click();
  expect((await saved).status()).toBe(200);
  await expect(banner(page)).toBeHidden();

  // Another browser: no consent cookie, so a visitor sees the banner until the user logs in.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await other.newPage();
  await second.goto('/join/login-popup/?next=/');
  await expect(banner(second)).toBeVisible();
  await logIn(second, user.email, user.password);
  await expect(second).toHaveURL((url) => url.pathname === '/');
  await expect(banner(second)).toBeHidden();
  await expect.poll(() => consentCookie(second)).toBe('C0001:1,C0002:0,C0003:0,C0004:0,C0005:0');
  await second.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(category(second, 'Performance cookies')).not.toBeChecked();
  await other.close();
});
