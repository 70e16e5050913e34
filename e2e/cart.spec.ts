import { expect, test, type Page, type Response } from '@playwright/test';
import { newUser, signUp } from './support/auth.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

const FIRST = {
  title: 'TypeScript from First Principles',
  path: '/course/typescript-from-first-principles/',
};
const SECOND = {
  title: 'Modern React with Hooks and Suspense',
  path: '/course/modern-react-with-hooks-and-suspense/',
};

const cartBadge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart,/ });
const cartSection = (page: Page) => page.getByRole('region', { name: /in cart$/ });
const wishlistSection = (page: Page) => page.getByRole('region', { name: /^Wishlist/ });

async function signUpFresh(page: Page): Promise<void> {
  const user = newUser();
  await page.goto('/join/signup-popup/?next=/');
  await signUp(page, user);
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

async function checkA11y(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page);
}

test('browse, fill the cart, apply codes, move to the wishlist and back, check out and buy now', async ({
  page,
}) => {
  // One long journey with an axe check on each page.
  test.slow();
  await signUpFresh(page);

  // Home → category → course page, with prices from the batched pricing client.
  await expect(page.getByRole('link', { name: FIRST.title })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Development', exact: true })
    .click();
  await expect(page).toHaveURL(/\/courses\/development\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Development courses' })).toBeVisible();
  await expect(page.getByTestId('course-price').first()).toBeVisible();
  await checkA11y(page);

  await page.getByRole('link', { name: FIRST.title }).click();
  await expect(page).toHaveURL(new RegExp(`${FIRST.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: FIRST.title })).toBeVisible();
  // Platform §2: the body carries the course id.
  expect(await page.evaluate(() => document.body.dataset.courseId)).toMatch(/^\d+$/);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(cartSection(page).getByRole('link', { name: FIRST.title })).toBeVisible();
  await checkA11y(page);

  // Codes: LECTERN10 applies; a code that does not exist is announced, then not kept.
  const coupon = page.getByLabel('Coupon code');
  await coupon.fill('lectern10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'LECTERN10 is applied.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove coupon LECTERN10' })).toBeVisible();
  await expect(cartSection(page).getByText(/LECTERN10 applied: you save/)).toBeVisible();

  await coupon.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'NOSUCHCODE is invalid, and has been removed.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove coupon NOSUCHCODE' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove coupon LECTERN10' })).toBeVisible();
  await checkA11y(page);

  // Move to the wishlist (the cart empties: reload notice) and back.
  await page.getByRole('button', { name: `Move to wishlist: ${FIRST.title}` }).click();
  await expect(wishlistSection(page).getByRole('link', { name: FIRST.title })).toBeVisible();
  await expect(cartSection(page).getByRole('link', { name: FIRST.title })).toHaveCount(0);
  await expect(page.getByTestId('reload-notice')).toBeVisible();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, no items');

  await page.getByRole('button', { name: `Move to cart: ${FIRST.title}` }).click();
  await expect(cartSection(page).getByRole('link', { name: FIRST.title })).toBeVisible();
  await expect(wishlistSection(page).getByRole('link', { name: FIRST.title })).toHaveCount(0);
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 1 item');
  // The server agrees after a full reload.
  await page.reload();
  await expect(cartSection(page).getByRole('link', { name: FIRST.title })).toBeVisible();
  await expect(wishlistSection(page).getByRole('link')).toHaveCount(0);

  // Checkout freezes the cart into the checkout list.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\/$/);
  await expect(page.getByTestId('checkout-items').getByText(FIRST.title)).toBeVisible();
  await expect(page.getByTestId('checkout-items').getByText('LECTERN10 applied')).toBeVisible();
  await checkA11y(page);

  // "Buy now" on another course hands over just that course (the express checkout).
  await page.goto(SECOND.path);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/express\/\?course_id=\d+$/);
  const frozen = page.getByTestId('checkout-items').getByRole('listitem');
  await expect(frozen).toHaveCount(1);
  await expect(frozen.getByText(SECOND.title)).toBeVisible();
  const stored = await page.evaluate(() => sessionStorage.getItem('lectern.checkout.v1'));
  // The cart's applied code (LECTERN10) applies to the express purchase too.
  expect(JSON.parse(stored ?? '[]')).toMatchObject([
    { buyableType: 'course', discountInfo: { code: 'LECTERN10' } },
  ]);

  for (const path of ['/home/my-courses/', '/dashboard/credit-history/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkA11y(page);
  }
});

test('a second tab stays consistent, and a stale ETag is resolved without losing either change', async ({
  page,
  context,
}) => {
  await signUpFresh(page);
  await page.goto(FIRST.path);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();

  const second = await context.newPage();
  const conflicts: Response[] = [];
  second.on('response', (response) => {
    if (response.url().includes('/shopping-carts/me/') && [409, 412].includes(response.status())) {
      conflicts.push(response);
    }
  });
  await second.goto('/cart/');
  await expect(cartSection(second).getByRole('link', { name: FIRST.title })).toBeVisible();

  // A change in the first tab reaches the second one.
  await page.goto(SECOND.path);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeEnabled();
  await expect(wishlistSection(second).getByRole('link', { name: SECOND.title })).toBeVisible();

  // Another device changes the cart behind both tabs' backs: their ETag is now stale.
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const current = await page.request.get('/api-2.0/shopping-carts/me/');
  const etag = current.headers()['etag'] ?? '';
  const third = await page.request.get('/api-2.0/courses/?search=Node.js');
  const thirdCourse = ((await third.json()) as { results: { id: number; title: string }[] }).results[0]!;
  const elsewhere = await page.request.post('/api-2.0/shopping-carts/me/saved_for_later/', {
    headers: { 'If-Match': etag, 'X-CSRFToken': csrf },
    data: { buyables: [{ id: thirdCourse.id, buyable_object_type: 'course' }] },
  });
  expect(elsewhere.status()).toBe(200);

  // The second tab acts with its old ETag: 412, refetch, retry; both changes survive.
  await second.getByRole('button', { name: `Move to wishlist: ${FIRST.title}` }).click();
  await expect(wishlistSection(second).getByRole('link', { name: FIRST.title })).toBeVisible();
  await expect(
    second.getByRole('region', { name: /^Saved for later/ }).getByRole('link', { name: thirdCourse.title }),
  ).toBeVisible();
  await expect(wishlistSection(second).getByRole('link', { name: SECOND.title })).toBeVisible();
  expect(conflicts.length).toBeGreaterThan(0);

  // And the server has all of it, once the second tab's queue has finished (add, then remove).
  const serverTitles = async () => {
    const cart = (await (await page.request.get('/api-2.0/shopping-carts/me/')).json()) as Record<
      string,
      { buyable: { course: { title: string } } }[]
    >;
    const titles = (list: string) => cart[list]!.map((item) => item.buyable.course.title).sort();
    return { cart: titles('cart'), wishlist: titles('wishlist'), saved: titles('saved_for_later') };
  };
  await expect
    .poll(serverTitles)
    .toEqual({ cart: [], wishlist: [SECOND.title, FIRST.title].sort(), saved: [thirdCourse.title] });
  await expect(cartSection(second).getByRole('link', { name: FIRST.title })).toHaveCount(0);
  await expect(cartSection(second).getByText('Your cart is empty.', { exact: false })).toBeVisible();

  await page.goto('/cart/');
  await expect(wishlistSection(page).getByRole('link', { name: FIRST.title })).toBeVisible();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, no items');
});
