import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.js';

// Course search on the seeded demo catalog (issue 18): the header box, the results page, its
// filters and sorts. No account is needed. Course links are matched exactly: the lecture results
// under them name their course ("Welcome to …").

/** The titles of the result cards, in order. */
const resultTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

test('the header box finds a course by a word of its description', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search for courses' });
  // "pandas" is in the description of "Python for Data Analysis" only, not in any title.
  await box.fill('pandas');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/courses\/search\/\?q=pandas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “pandas”' })).toBeVisible();
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Python for Data Analysis', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a prefix typed in the header box is suggested and found', async ({ page }) => {
  await page.goto('/courses/development/');
  // Suggestions come once the page is hydrated (what is typed before goes to the plain form).
  await page.waitForLoadState('networkidle');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search for courses' });
  await box.pressSequentially('kubern', { delay: 30 });

  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: 'Kubernetes for Operators' })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page, 'header');

  // Enter searches for what was typed: the half word finds the course.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/courses\/search\/\?q=kubern$/);
  await expect(page.getByRole('link', { name: 'Kubernetes for Operators', exact: true })).toBeVisible();
  expect(await resultTitles(page)).toEqual(['Kubernetes for Operators']);

  // Arrow down to a suggestion, Enter: a search for that title. The results are a new page,
  // whose islands start once it has loaded: typing before goes to the plain form.
  await page.waitForLoadState('networkidle');
  await box.fill('');
  await box.pressSequentially('kubern', { delay: 30 });
  await expect(suggestions.getByRole('option', { name: 'Kubernetes for Operators' })).toBeVisible();
  await box.press('ArrowDown');
  await expect(box).toHaveValue('Kubernetes for Operators');
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
});

test('text typed in the header box before the page code runs is kept and gets suggestions', async ({
  page,
}) => {
  // The islands' code is held back until the text is in the box, as on a slow connection.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/courses/development/');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search for courses' });
  await box.pressSequentially('kubern', { delay: 30 });
  release();

  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: 'Kubernetes for Operators' })).toBeVisible();
  await expect(box).toHaveValue('kubern');
  // Typing on goes on from the text already there.
  await box.press('e');
  await expect(box).toHaveValue('kuberne');
});

test('a filter and a sort change the results and the URL, and back undoes them', async ({
  page,
  request,
}) => {
  await page.goto('/courses/search/');
  await expect(page.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
  await expect(page.getByText(/^\d+ results$/)).toBeVisible();
  const everything = await resultTitles(page);
  expect(everything).toHaveLength(12);
  await expectNoSeriousA11yViolations(page);

  // A filter: the URL says it, the page shows only those courses, and the choice is marked.
  const filters = page.getByRole('navigation', { name: 'Filter results' });
  await filters
    .getByRole('group', { name: 'Level' })
    .getByRole('link', { name: /^Expert \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/\/courses\/search\/\?level=EXPERT$/);
  const expert = await request.get('/api-2.0/search-courses/?level=EXPERT&page_size=12');
  const expected = (await expert.json()) as { count: number; results: { title: string }[] };
  await expect(page.getByText(`${expected.count} results`, { exact: true })).toBeVisible();
  await expect.poll(() => resultTitles(page)).toEqual(expected.results.map((course) => course.title));
  await expect(
    filters.getByRole('group', { name: 'Level' }).getByRole('link', { name: /^Expert/ }),
  ).toHaveAttribute('aria-current', 'true');

  // A sort: newest first, the filter kept.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest' });
  await expect(page).toHaveURL(/\/courses\/search\/\?level=EXPERT&sort=TIME$/);
  const newest = await request.get('/api-2.0/search-courses/?level=EXPERT&sort=TIME&page_size=12');
  const newestTitles = ((await newest.json()) as { results: { title: string }[] }).results.map(
    (course) => course.title,
  );
  expect(newestTitles).not.toEqual(expected.results.map((course) => course.title));
  await expect.poll(() => resultTitles(page)).toEqual(newestTitles);

  // Back: the previous search, as it was.
  await page.goBack();
  await expect(page).toHaveURL(/\/courses\/search\/\?level=EXPERT$/);
  await expect.poll(() => resultTitles(page)).toEqual(expected.results.map((course) => course.title));
  await page.goBack();
  await expect.poll(() => resultTitles(page)).toEqual(everything);
});

test('pages through the results with p, left out for page 1', async ({ page }) => {
  await page.goto('/courses/search/');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/courses\/search\/\?p=2$/);
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/courses/search/');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header box is a form to the results, rendered by the server', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search for courses' });
    await box.fill('pandas');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/courses\/search\/\?q=pandas$/);
    await expect(page.getByRole('link', { name: 'Python for Data Analysis', exact: true })).toBeVisible();
  });
});
