import { expect, test, type Page } from '@playwright/test';
import { DEMO_LEARNER, logIn, userMenuButton } from './support/auth.js';
import { checkA11y } from './support/checkout.js';

// Feature experiments (issue 19, platform §3/§7): the operator defines, starts and stops an
// experiment at /admin/experiments/, and the feature-assignment endpoint answers its variant.

const ASSIGN = `query Assign($codes: [String!]!) {
  featureVariantAssignmentsByFeatureCodes(featureCodes: $codes) { featureCode configuration isInExperiment experimentIds }
}`;

async function assignmentOf(page: Page, featureCode: string) {
  const url = `/api/2024-01/graphql/?query=${encodeURIComponent(ASSIGN)}&variables=${encodeURIComponent(
    JSON.stringify({ codes: [featureCode] }),
  )}`;
  const response = await page.request.get(url, { headers: { accept: 'application/graphql-response+json' } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: {
      featureVariantAssignmentsByFeatureCodes: {
        configuration: { variant?: string };
        isInExperiment: boolean;
      }[];
    };
  };
  return body.data.featureVariantAssignmentsByFeatureCodes[0]!;
}

test('the operator creates, starts and stops an experiment, and its variant is assigned', async ({
  page,
}) => {
  test.slow();
  const featureCode = `e2e_${Date.now().toString(36)}`;
  await page.goto('/join/login-popup/?next=/admin/experiments/');
  await logIn(page, 'operator@example.com', 'lectern-demo');
  await expect(page).toHaveURL(/\/admin\/experiments\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Feature experiments' })).toBeVisible();
  await expect(page.getByTestId('experiment-bnpl_payment_timeline')).toContainText('Draft');
  await checkA11y(page);
  // Operators find the page in their menu.
  await userMenuButton(page, 'Otto').click();
  await expect(page.getByRole('menuitem', { name: 'Back office' })).toHaveAttribute('href', '/admin/');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New experiment' }).click();
  await page.getByLabel('Feature code').fill(featureCode);
  await page.getByLabel('Name').fill('Bigger buy button');
  await page.getByLabel('Variant 2 key').fill('big_button');
  await page.getByLabel('Variant 2 configuration (JSON)').fill('{"size": "lg"');
  await page.getByRole('button', { name: 'Create the experiment' }).click();
  // Bad input is named under its field, and nothing is created.
  await expect(page.getByText('This is not valid JSON.')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Variant 2 configuration (JSON)').fill('{"size": "lg"}');
  await page.getByRole('button', { name: 'Create the experiment' }).click();

  const row = page.getByTestId(`experiment-${featureCode}`);
  await expect(row).toContainText('Bigger buy button');
  await expect(row).toContainText('Draft');
  expect((await assignmentOf(page, featureCode)).isInExperiment).toBe(false);

  await row.getByRole('button', { name: 'Start Bigger buy button' }).click();
  await expect(row).toContainText('Running');
  const assigned = await assignmentOf(page, featureCode);
  expect(assigned.isInExperiment).toBe(true);
  expect(['control', 'big_button']).toContain(assigned.configuration.variant);
  // The same unit gets the same variant again.
  expect(await assignmentOf(page, featureCode)).toEqual(assigned);

  await row.getByRole('button', { name: 'Stop Bigger buy button' }).click();
  await expect(row).toContainText('Stopped');
  expect((await assignmentOf(page, featureCode)).isInExperiment).toBe(false);
});

test('a learner cannot manage experiments', async ({ page }) => {
  await page.goto('/join/login-popup/?next=/admin/experiments/');
  await logIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await expect(page).toHaveURL(/\/admin\/experiments\/$/);
  await expect(page.getByTestId('admin-no-access')).toContainText(
    'The back office is for the marketplace’s staff',
  );
  await expect(page.getByRole('button', { name: 'New experiment' })).toHaveCount(0);
});
