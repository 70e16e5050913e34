import { expect, type Page } from '@playwright/test';

export const DEMO_LEARNER = { email: 'learner@example.com', password: 'lectern-demo', firstName: 'Lena' };

// Letters only, so name validation cannot reject it; unique so parallel runs never collide.
function randomLetters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

export function newUser() {
  const firstName = `Avery${randomLetters(8)}`;
  return {
    firstName,
    fullName: `${firstName} Tester`,
    email: `e2e-${Date.now()}-${randomLetters(6)}@example.com`,
    password: `Pw-${randomLetters(12)}-42`,
  };
}

// Labels may carry a required marker ("Email *"), so match on how they start.
export const emailField = (page: Page) => page.getByLabel(/^Email\b/);
export const passwordField = (page: Page) => page.getByLabel(/^Password\b/);

export const userMenuButton = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(name) });

export async function signUp(page: Page, user: ReturnType<typeof newUser>): Promise<void> {
  await page.getByLabel(/^Full name\b/).fill(user.fullName);
  await emailField(page).fill(user.email);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

export async function logOut(page: Page, name: string): Promise<void> {
  await userMenuButton(page, name).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
}
