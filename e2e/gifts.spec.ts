import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from './support/auth.js';
import {
  CARDS,
  checkA11y,
  completeCheckout,
  COURSES,
  enterUsBilling,
  expectPurchased,
  fillCard,
} from './support/checkout.js';

// Gifts (issue 19): a learner buys a course for someone else from its page, through the
// express checkout (who it is for, a message), alone: the rest of the cart stays for later
// (issue 34); the recipient's mail carries a link that a new account redeems into its own
// courses, and the buyer's history follows the gift.

/**
 * A fresh learner, signed in, with another course in the cart, on the course page's "Buy as a
 * gift": its checkout buys the gift alone.
 */
async function giftToCheckout(page: Page, course: { path: string; title: string }): Promise<void> {
  await page.goto('/join/signup-popup/?next=/');
  await signUp(page, newUser());
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto(COURSES.python.path);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  await page.goto(course.path);
  await page.getByRole('button', { name: 'Buy as a gift' }).click();
  await expect(page).toHaveURL(/\/express\/\?course_id=\d+&gift=1$/);
  await expect(page.getByRole('group', { name: /Who is this gift for\?/ })).toBeVisible();
  const summary = page.getByTestId('checkout-items');
  await expect(summary).toContainText(course.title);
  await expect(summary).not.toContainText(COURSES.python.title);
}

const recipientEmailField = (page: Page) => page.getByLabel(/^Recipient's e-mail/);

test('a learner gives a course; the recipient signs up from the mail and redeems it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const course = COURSES.node;
  await giftToCheckout(page, course);
  await checkA11y(page);

  const recipient = newUser();
  await recipientEmailField(page).fill(recipient.email);
  await page.getByLabel(/^Recipient's name/).fill('Ana');
  await page.getByLabel(/^Message/).fill('Happy learning, Ana! <3');
  await expect(page.getByText('23 / 500')).toBeVisible();
  await enterUsBilling(page);
  await fillCard(page, CARDS.visa);
  await completeCheckout(page);
  await expectPurchased(page, [course.title]);
  await expect(page.getByTestId('gift-delivery')).toHaveText('Your gift to Ana has been e-mailed.');
  await expect(page.getByTestId('order-lines')).not.toContainText(COURSES.python.title);
  await checkA11y(page);
  // The course that was in the cart is still there, unbought.
  await page.goto('/cart/');
  await expect(page.getByRole('link', { name: COURSES.python.title }).first()).toBeVisible();

  // The buyer's history: the line is a gift for Ana, delivered (its mail went out at once).
  await page.goto('/dashboard/purchase-history/');
  await page.getByRole('button', { name: 'View all courses' }).click();
  const line = page.getByTestId('purchase-line').filter({ hasText: course.title });
  await expect(line.getByTestId('purchase-gift')).toHaveText('Gift for AnaDelivered');
  await checkA11y(page);

  // The recipient's mail, as the developer mailbox shows it.
  await page.goto('/dev/mailbox/');
  await page.getByRole('row').filter({ hasText: recipient.email }).getByRole('link').first().click();
  await page.getByLabel('Show the text part').check();
  const text = (await page.getByTestId('mail-text').textContent()) ?? '';
  const link = /\/gift\/redeem\/\?code=[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  // A browser of the recipient's own, who has answered the cookie banner like every test's visitor.
  const { cookies } = await page.context().storageState();
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: cookies.filter((cookie) => cookie.name === 'lectern_consent'), origins: [] },
  });
  try {
    const gift = await context.newPage();
    await gift.goto(link!);
    await expect(gift.getByRole('heading', { level: 1, name: 'A course for you' })).toBeVisible();
    await expect(gift.getByRole('heading', { level: 2, name: course.title })).toBeVisible();
    // The message as the buyer typed it, never markup.
    await expect(gift.getByTestId('gift-message')).toHaveText('Happy learning, Ana! <3');
    await checkA11y(gift);
    await gift.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await signUp(gift, recipient);
    await expect(gift).toHaveURL(/\/gift\/redeem\/\?code=/);
    await gift.getByRole('button', { name: 'Add to my courses' }).click();
    await expect(gift.getByTestId('gift-redeemed')).toContainText(
      `“${course.title}” is now in your courses.`,
    );
    await checkA11y(gift);
    await gift.getByRole('link', { name: 'Go to my courses' }).click();
    await expect(gift).toHaveURL(/\/home\/my-courses\/$/);
    await expect(gift.getByRole('link', { name: course.title })).toBeVisible();

    // The link has done its work: opened again, it says so.
    await gift.goto(link!);
    await expect(gift.getByTestId('gift-redeemed')).toContainText('You have added this gift to your courses');
  } finally {
    await context.close();
  }

  // The buyer sees it taken.
  await page.goto('/dashboard/purchase-history/');
  await page.getByRole('button', { name: 'View all courses' }).click();
  await expect(
    page.getByTestId('purchase-line').filter({ hasText: course.title }).getByTestId('purchase-gift'),
  ).toHaveText('Gift for AnaRedeemed');
});

test('a gift without its recipient’s e-mail is refused at the field, and nothing is charged', async ({
  page,
}) => {
  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('checkout-submit')) submits.push(request.url());
  });
  await giftToCheckout(page, COURSES.react);
  await enterUsBilling(page);
  await fillCard(page, CARDS.visa);
  await completeCheckout(page);
  await expect(page.getByText('Enter the e-mail address of the person the gift is for.')).toBeVisible();
  await expect(recipientEmailField(page)).toBeFocused();
  await expect(recipientEmailField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('checkout-message')).toContainText('Check the gift details');
  await checkA11y(page);
  await expect(page).toHaveURL(/\/express\/\?course_id=\d+&gift=1$/);
  expect(submits).toEqual([]);
});
