import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LEARNER, logIn, userMenuButton } from './support/auth.js';
import { checkA11y } from './support/checkout.js';

// Issue 19's learning pages as the demo learner meets them: the weekly streak on My courses,
// learning reminders (create, a refused input, edit, the .ics file, delete) and learning
// communities (a refused input, create, delete). Titles are unique per run, since other specs
// sign in as the same learner.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function logInToMyCourses(page: Page) {
  await page.goto('/join/login-popup/?next=/home/my-courses/');
  await logIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await expect(page).toHaveURL(/\/home\/my-courses\/$/);
}

/** The `YYYY-MM-DD` of a day `days` from today, in the browser's zone (the date input's value). */
async function dayFromToday(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, days);
}

test('the learner sees the weekly streak, and keeps a learning reminder from creation to deletion', async ({
  page,
}) => {
  test.slow();
  await logInToMyCourses(page);

  // My courses: the streak, this week's minutes against the goal, where the streak stands.
  const streak = page.getByRole('region', { name: 'Weekly streak' });
  await expect(streak.getByTestId('streak-length')).toHaveText(/^(\d+-week streak|No streak yet)$/);
  await expect(streak.getByTestId('streak-minutes')).toHaveText(
    /^\d+ minutes? of your \d+-minute goal this week$/,
  );
  await expect(streak.getByTestId('streak-status')).not.toBeEmpty();
  await expect(streak.getByRole('progressbar', { name: 'Minutes learned this week' })).toBeVisible();
  await checkA11y(page);

  await page
    .getByRole('navigation', { name: 'Learning tools' })
    .getByRole('link', { name: 'Learning reminders' })
    .click();
  await expect(page).toHaveURL(/\/home\/my-courses\/reminders\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Learning reminders' })).toBeVisible();
  // The demo learner's seeded reminders are listed.
  await expect(page.getByTestId('learning-reminder').first()).toBeVisible();
  await checkA11y(page);

  // Create: a duration the server refuses is said under its field, then a good one is kept.
  const title = `Evening practice ${RUN}`;
  await page.getByRole('button', { name: 'New reminder' }).click();
  const form = page.getByRole('dialog', { name: 'New learning reminder' });
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Date/).fill(await dayFromToday(page, 3));
  await form.getByLabel(/^Start time/).fill('18:30');
  await form.getByLabel(/^Duration/).fill('1');
  await form.getByLabel(/^Repeat/).selectOption('DAILY');
  await form.getByLabel(/^Calendar/).selectOption('OUTLOOK');
  await form.getByRole('button', { name: 'Create reminder' }).click();
  await expect(form.getByText('durationInMinutes must be between 5 and 1440 minutes.')).toBeVisible();
  await expect(form.getByLabel(/^Duration/)).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page);
  await form.getByLabel(/^Duration/).fill('30');
  await form.getByRole('button', { name: 'Create reminder' }).click();
  await expect(form).toBeHidden();
  const card = page
    .getByTestId('learning-reminder')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toContainText('Every day');
  await expect(card).toContainText('30 minutes');

  // Edit: the form starts from the reminder.
  const edited = `${title} edited`;
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit learning reminder' });
  await expect(editForm.getByLabel(/^Title/)).toHaveValue(title);
  await expect(editForm.getByLabel(/^Duration/)).toHaveValue('30');
  await editForm.getByLabel(/^Title/).fill(edited);
  await editForm.getByLabel(/^Repeat/).selectOption('WEEKDAYS');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(editForm).toBeHidden();
  const editedCard = page
    .getByTestId('learning-reminder')
    .filter({ has: page.getByRole('heading', { name: edited }) });
  await expect(editedCard).toContainText('Every weekday (Monday to Friday)');

  // Its calendar file: downloaded as an attachment, an RFC 5545 event of the edited reminder.
  const link = editedCard.getByRole('link', { name: `Download ${edited} as a calendar file (.ics)` });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api-2\.0\/users\/me\/learning-reminders\/\d+\/calendar\/$/);
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(answer.headers()['content-disposition']).toMatch(
    /^attachment; filename="learning-reminder-\d+\.ics"$/,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^learning-reminder-\d+\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:${edited}`);
  expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');

  // Delete, once confirmed.
  await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this reminder?' });
  await expect(confirm).toContainText(edited);
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The reminder was deleted.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: edited })).toHaveCount(0);
  expect((await page.request.get(href!)).status()).toBe(404);
});

test('the learner founds a learning community and deletes it', async ({ page }) => {
  test.slow();
  await logInToMyCourses(page);
  await userMenuButton(page, DEMO_LEARNER.firstName).click();
  await page.getByRole('menuitem', { name: 'Learning communities' }).click();
  await expect(page).toHaveURL(/\/home\/my-courses\/communities\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Learning communities' })).toBeVisible();
  // The demo learner's own community, with its topics.
  const seeded = page
    .getByTestId('learning-community')
    .filter({ has: page.getByRole('heading', { name: 'Weekend TypeScript practice' }) });
  await expect(seeded.getByRole('list', { name: 'Topics' })).toBeVisible();
  await checkA11y(page);

  // "Another reason" needs the founder's words: the server says so under the field.
  const title = `Rust readers ${RUN}`;
  await page.getByRole('button', { name: 'New community' }).click();
  const form = page.getByRole('dialog', { name: 'New learning community' });
  await form.getByLabel(/^Name/).fill(title);
  await form.getByLabel(/^Description/).fill('One chapter of the Rust book a week.');
  await form.getByLabel(/^Why are you starting it/).selectOption('OTHER');
  await form.getByRole('button', { name: 'Create community' }).click();
  await expect(form.getByText('Say in a few words why the community exists.')).toBeVisible();
  await expect(form.getByLabel(/^In your own words/)).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page);
  await form.getByLabel(/^Why are you starting it/).selectOption('LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS');
  await form.getByRole('button', { name: 'Create community' }).click();
  await expect(form).toBeHidden();

  const card = page
    .getByTestId('learning-community')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toContainText('Why: Learn new skills together');
  await expect(card).toContainText('You own this community.');
  await expect(card).toContainText('1 member');
  // Alone in it, the owner can only delete it (the learner has no organization to invite from).
  await expect(card.getByRole('button', { name: `Leave ${title}` })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Invite colleagues to ${title}` })).toHaveCount(0);

  await card.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${title}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The community was deleted.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(seeded).toBeVisible();
});

test("the learner's badges on their profile, and lectures among the search results", async ({ page }) => {
  await logInToMyCourses(page);
  await userMenuButton(page, DEMO_LEARNER.firstName).click();
  await page.getByRole('menuitem', { name: 'Badges' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/badges\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Badges and certifications' })).toBeVisible();
  // The demo learner's awards, newest first.
  await expect(page.getByTestId('badge-assertion').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'TypeScript Developer Blueprint' })).toBeVisible();
  await checkA11y(page);

  // Every English course has a lecture about setting up the workspace: they come with the courses.
  await page.goto('/courses/search/?q=workspace');
  const lectures = page.getByRole('region', { name: 'Lectures about “workspace”' });
  await expect(lectures.getByRole('listitem').first()).toContainText(/\d+:\d{2} · in /);
  await lectures.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/course\/[^/]+\/$/);
});
