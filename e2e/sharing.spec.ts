import { expect, test } from '@playwright/test';
import { checkA11y, COURSES } from './support/checkout.js';

// Sharing (issue 7, platform §4, §5, §7, §9): the share dialog of a course page asks the
// server for a short link, copies it with a confirmation that hides after 3 s, and the link
// leads back to the course.

test('share dialog: copy link, confirmation hides after 3 s, the short link opens the course', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(COURSES.typescript.path);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${COURSES.typescript.title}”` });
  await expect(dialog).toBeVisible();

  const link = dialog.getByRole('textbox', { name: 'Link to share' });
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{8}\/$/);
  const shortLink = await link.inputValue();
  await expect(dialog.getByRole('link', { name: /^E-mail/ })).toHaveAttribute(
    'href',
    new RegExp(
      `^mailto:\\?subject=.+&body=.*${encodeURIComponent(shortLink).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    ),
  );
  await checkA11y(page);

  await dialog.getByRole('button', { name: 'Copy link' }).click();
  const confirmation = dialog.getByRole('status').filter({ hasText: 'Link copied' });
  await expect(confirmation).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
  // Platform §9: the confirmation hides itself after 3 seconds.
  await expect(confirmation).toBeHidden({ timeout: 5_000 });

  await page.goto(shortLink);
  await expect(page).toHaveURL(new URL(COURSES.typescript.path, shortLink).toString());
  await expect(page.getByRole('heading', { level: 1, name: COURSES.typescript.title })).toBeVisible();
});
