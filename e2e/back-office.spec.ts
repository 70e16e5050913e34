import { expect, test, type Page } from '@playwright/test';
import { DEMO_LEARNER, logIn, logOut } from './support/auth.js';
import {
  buyNow,
  CARDS,
  checkA11y,
  completeCheckout,
  enterUsBilling,
  expectPurchased,
  fillCard,
} from './support/checkout.js';

// The back office (issue 32) against the real server, its embedded database and the in-process
// sandbox: the demo owner makes a course, prices and publishes it; a buyer finds it and buys it;
// the owner finds the order, refunds it with a reason and reads the trail of all of it. The buyer
// is a demo user no other spec buys with (the suite's sign-ups share one address's limit).

const OWNER = 'operator@example.com';
// A demo member no other spec buys with (the demo learner's credit would pay for it all).
const BUYER = { email: 'lee@acme.example', firstName: 'Lee' };

async function signIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`/join/login-popup/?next=${encodeURIComponent(next)}`);
  await logIn(page, email, 'lectern-demo');
  await expect(page).toHaveURL((url) => url.pathname === next);
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a learner is told the back office is for staff, and its API refuses them', async ({ page }) => {
  await signIn(page, DEMO_LEARNER.email, '/admin/orders/');
  await expect(page.getByTestId('admin-no-access')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The back office is for the marketplace’s staff',
  );
  const answer = await page.request.get('/api-2.0/admin/orders/');
  expect(answer.status()).toBe(403);
  await checkA11y(page);
});

test('the owner makes, prices and publishes a course; a buyer buys it; the owner refunds it and reads the trail', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const title = `Back office course ${Date.now().toString(36)}`;

  // 1. A new draft with its details.
  await signIn(page, OWNER, '/admin/courses/');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await page.getByRole('link', { name: 'New course' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/new\/$/);
  // Nothing is created without a title: the field says so.
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText(/title/i).and(page.locator('.mantine-InputWrapper-error'))).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByLabel('Subtitle').fill('Everything the back office can do, in one course');
  await page.getByLabel('Description').fill('A course made in the back office by the end-to-end suite.');
  await page.getByLabel('What you’ll learn').fill('Publish a course\nPrice it');
  await choose(page, 'Category', /Development/);
  await choose(page, 'Price tier', /^Tier 1 /);
  await page.getByRole('button', { name: 'Create draft' }).click();
  // The new draft opens on its curriculum, the next thing to fill in.
  await expect(page).toHaveURL(/\/admin\/courses\/\d+\/\?tab=curriculum$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const courseUrl = new URL(page.url()).pathname;
  await checkA11y(page);

  // 2. Its curriculum: one section, one 12-minute lecture.
  await page.getByRole('tab', { name: 'Curriculum' }).click();
  await page.getByRole('button', { name: 'Add a section' }).click();
  await page.getByLabel('Section 1 title').fill('Getting started');
  await page.getByRole('button', { name: 'Add a lecture to section 1' }).click();
  await page.getByLabel(/^Lecture 1\.1/).fill('Welcome');
  await page.getByLabel('Minutes').fill('12');
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(page.getByText('1 sections, 1 items, 12 minutes of lectures.')).toBeVisible();

  // 3. Its cover: a real picture, processed by the server.
  await page.getByRole('tab', { name: 'Cover' }).click();
  const picture = await page.screenshot({ type: 'png' });
  // The picker is a button over a hidden file input.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await page.getByRole('button', { name: 'Upload cover' }).click();
  await expect(page.getByRole('button', { name: 'Use the drawn cover' })).toBeVisible();

  // 4. Published: the storefront shows it at once, in search too.
  await page.getByRole('tab', { name: 'Publishing' }).click();
  await page.getByRole('radio', { name: /^Published/ }).check();
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('The course is now published.')).toBeVisible();
  await page.goto(`/courses/search/?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const landing = new URL(page.url()).pathname;

  // 5. A buyer buys it with a card.
  await logOut(page, 'Otto');
  await signIn(page, BUYER.email, '/');
  await buyNow(page, { path: landing });
  await enterUsBilling(page, '10001');
  await fillCard(page, CARDS.visa);
  await completeCheckout(page);
  await expectPurchased(page, [title]);
  await logOut(page, BUYER.firstName);

  // 6. The owner finds the order by the buyer's e-mail and refunds it, with a reason.
  await signIn(page, OWNER, '/admin/orders/');
  await page.goto(`/admin/orders/?q=${encodeURIComponent(BUYER.email)}`);
  const row = page.getByRole('row').filter({ hasText: BUYER.email }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\/$/);
  await expect(page.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('The buyer wrote to support: bought by mistake.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/Refunded|Refund made/).first()).toBeVisible();
  await checkA11y(page);

  // 7. The trail: the course's history and the one searchable log.
  await page.goto(`${courseUrl}?tab=history`);
  await expect(page.getByText(/published/i).first()).toBeVisible();
  await page.goto(`/admin/audit/?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByText(OWNER).first()).toBeVisible();
  await checkA11y(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every back office area fits the screen and logs no error', async ({ page }) => {
    // Eleven areas, each loaded and measured: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(page, OWNER, '/admin/');
    for (const path of [
      '/admin/',
      '/admin/orders/',
      '/admin/courses/',
      '/admin/codes/',
      '/admin/customers/',
      '/admin/staff/',
      '/admin/audit/',
      '/admin/subscriptions/',
      '/admin/tax-report/',
      '/admin/exports/',
      '/admin/webhooks/',
    ]) {
      await page.goto(path);
      await expect(page.getByTestId('admin-layout')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    expect(errors).toEqual([]);
  });
});
