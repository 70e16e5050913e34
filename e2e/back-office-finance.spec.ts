import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/auth.js';
import { checkA11y } from './support/checkout.js';

// Back office II (issue 33) as the demo's finance staff member: the dashboard's revenue figures
// and charts for the demo data, the subscriptions console narrowed to past-due plans, a retry of
// Initech's declined renewal from its page, and the quarter's tax return as CSV and OSS files.

const FINANCE = 'finance@example.com';

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(`/join/login-popup/?next=${encodeURIComponent(next)}`);
  await logIn(page, FINANCE, 'lectern-demo');
  await expect(page).toHaveURL((url) => url.pathname === next);
}

test('finance reads the month, retries a past-due plan and downloads the quarter’s tax return', async ({
  page,
}) => {
  // Four areas, two accessibility scans and two downloads: more than the default minute when busy.
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, '/admin/');

  // This month's figures beside last month's, each explained, and the charts.
  const analytics = page.getByTestId('revenue-analytics');
  await expect(analytics).toBeVisible();
  await expect(page.getByTestId('figure-gross_sales')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('figure-mrr')).not.toHaveText('$0.00');
  await page.getByRole('button', { name: 'Net revenue: how it is counted' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('Gross sales less refunds and tax collected');
  for (const chart of ['Daily sales', 'Subscriptions by status', 'MRR over time']) {
    await expect(
      page.getByRole('region', { name: chart }).locator('svg.recharts-surface').first(),
    ).toBeVisible();
  }
  // Another period: its days are in the URL and the comparison follows.
  await page.getByRole('combobox', { name: 'Period', exact: true }).click();
  await page.getByRole('option', { name: 'Last quarter' }).click();
  await expect(page).toHaveURL(/period=last_quarter/);
  await expect(page.getByText(/compared with/)).toBeVisible();
  await checkA11y(page);

  // The subscriptions console, narrowed to past-due plans: Initech, whose renewal was declined.
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await page.getByRole('button', { name: 'Past due', exact: true }).click();
  await expect(page).toHaveURL(/status=past_due/);
  const initech = page.getByRole('row').filter({ hasText: 'Initech' });
  await expect(initech).toBeVisible();
  await initech.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/subscriptions\/\d+\/$/);
  await expect(page.getByText('Payment being collected')).toBeVisible();

  // Retried now, with a reason: the attempt is made and its outcome shown (the demo plan has no
  // card on file, so the provider is not reached and the plan stays past due).
  await page.getByRole('button', { name: 'Retry now…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('The customer asked for another try.');
  await dialog.getByRole('button', { name: 'Charge the card now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('There is no card on file to charge.').first()).toBeVisible();
  await expect(page.getByText(/Retried invoice #\d+ \(\$[\d.,]+\) now: attempt 2\./).first()).toBeVisible();
  await checkA11y(page);

  // The quarter's tax report, downloaded as CSV and as the OSS return.
  await page.getByRole('link', { name: 'Tax report' }).click();
  await expect(page.getByRole('heading', { name: 'Totals per currency' })).toBeVisible();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^tax-report-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
  const [oss] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download OSS return/ }).click(),
  ]);
  expect(oss.suggestedFilename()).toMatch(/^oss-return-\d{4}-Q[1-4]\.csv$/);
  const ossText = await (
    await oss.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(ossText.startsWith('\uFEFFsection,period,member_state_of_consumption')).toBe(true);
  expect(errors).toEqual([]);
});
