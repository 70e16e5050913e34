import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { checkA11y } from './support/checkout.js';

// Platform §9's course-card and sign-in flags (course_cards_open_in_new_tab, course_card_prefetch,
// delay_course_card_quick_view_box, hide_wishlist_button_on_course_card_quick_view_box,
// auth_full_page_redirect) and the course card quick view box. The operator starts each
// experiment (the seed's drafts) for visitors pricing in Iceland only, so no other test's
// visitor meets it, and stops it afterwards.

const PRICE_COUNTRY = 'IS';

interface Variant {
  key: string;
  configuration: Record<string, unknown>;
}

/** The operator's API, as the /admin/experiments/ page calls it. */
async function operatorApi(
  baseURL: string,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.get('/healthz');
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')!.value;
  const headers = { 'x-csrftoken': csrf };
  const login = await api.post('/api-2.0/auth/login/', {
    data: { email: 'operator@example.com', password: 'lectern-demo' },
    headers,
  });
  expect(login.ok()).toBe(true);
  return { api, headers };
}

interface ListedExperiment {
  id: number;
  featureCode: string;
  name: string;
  status: string;
  exposures: Record<string, number>;
}

async function experimentOf(api: APIRequestContext, featureCode: string): Promise<ListedExperiment> {
  const list = (await (await api.get('/api-2.0/admin/experiments/')).json()) as {
    results: ListedExperiment[];
  };
  const experiment = list.results.find((entry) => entry.featureCode === featureCode);
  expect(experiment, `the seed's draft of ${featureCode}`).toBeTruthy();
  return experiment!;
}

/**
 * Runs the seed's experiment of `featureCode` with these variants (equal weights), for every
 * visitor pricing in Iceland; `run(false)` stops it.
 */
async function runExperiment(
  baseURL: string,
  featureCode: string,
  variants: Variant[] | null,
): Promise<void> {
  const { api, headers } = await operatorApi(baseURL);
  const experiment = await experimentOf(api, featureCode);
  if (experiment.status === 'running') {
    expect((await api.post(`/api-2.0/admin/experiments/${experiment.id}/stop/`, { headers })).ok()).toBe(
      true,
    );
  }
  if (variants) {
    const edited = await api.put(`/api-2.0/admin/experiments/${experiment.id}/`, {
      headers,
      data: {
        featureCode,
        name: experiment.name,
        description: 'Browser tests: visitors pricing in Iceland.',
        trafficPercent: 100,
        targeting: { countries: [PRICE_COUNTRY], loggedIn: false },
        defaultConfiguration: { isEnabled: false },
        variants: variants.map((variant) => ({ ...variant, weight: 1 })),
      },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    const started = await api.post(`/api-2.0/admin/experiments/${experiment.id}/start/`, { headers });
    expect(started.ok(), await started.text()).toBe(true);
  }
  await api.dispose();
}

/** Waits until the operator's page counts an exposure to `variant` of the running experiment. */
async function expectExposed(baseURL: string, featureCode: string, variant: string): Promise<void> {
  const { api } = await operatorApi(baseURL);
  await expect
    .poll(async () => (await experimentOf(api, featureCode)).exposures[variant] ?? 0, {
      message: `exposures to ${featureCode}/${variant}`,
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await api.dispose();
}

async function priceInIceland(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'price_country', value: PRICE_COUNTRY, url: baseURL }]);
}

/** The home page's course cards. */
const cards = (page: Page) => page.getByRole('main').getByRole('article');

/** The title link of a card (its heading's only link). */
const titleLink = (card: Locator) => card.getByRole('heading').getByRole('link');

/** A card's course title (without the hint a link opening a new tab carries for screen readers). */
async function titleOf(card: Locator): Promise<string> {
  return (await card.getByRole('heading').textContent())!.replace('(opens in a new tab)', '').trim();
}

/** The page's document loads (not the app's own navigations), as paths. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      loads.push(new URL(request.url()).pathname);
    }
  });
  return loads;
}

test.describe('course cards', () => {
  test('open the course in a new tab and prefetch it under their experiments; not otherwise', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.slow();
    await runExperiment(baseURL!, 'course_cards_open_in_new_tab', [
      { key: 'new_tab', configuration: { isEnabled: true } },
    ]);
    await runExperiment(baseURL!, 'course_card_prefetch', [
      { key: 'prefetch', configuration: { isEnabled: true } },
    ]);
    try {
      await priceInIceland(context, baseURL!);
      await page.goto('/');
      const card = cards(page).first();
      const title = await titleOf(card);
      const link = card.getByRole('link', { name: `${title} (opens in a new tab)` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
      const href = (await link.getAttribute('href'))!;

      // Resting on the card prefetches its page once, however often the visitor comes back.
      const prefetches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === href) prefetches.push(request.url());
      });
      await page.waitForLoadState('networkidle');
      await link.hover();
      const prefetchLinks = page.locator(`head link[rel="prefetch"][href="${href}"]`);
      await expect(prefetchLinks).toHaveCount(1);
      await expect.poll(() => prefetches.length).toBe(1);
      await page.mouse.move(0, 0);
      await link.hover();
      await page.waitForTimeout(300);
      await expect(prefetchLinks).toHaveCount(1);
      expect(prefetches).toHaveLength(1);

      // The course opens beside the listing.
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await opened.waitForLoadState();
      expect(new URL(opened.url()).pathname).toBe(href);
      expect(new URL(page.url()).pathname).toBe('/');
      await opened.close();

      await expectExposed(baseURL!, 'course_cards_open_in_new_tab', 'new_tab');
      await expectExposed(baseURL!, 'course_card_prefetch', 'prefetch');

      // A visitor outside the experiments: the same tab, and nothing fetched ahead.
      const other = await browser.newContext({ storageState: await context.storageState() });
      await other.clearCookies({ name: 'price_country' });
      await other.clearCookies({ name: 'lectern_visitor' });
      const otherPage = await other.newPage();
      await otherPage.goto('/');
      const plain = titleLink(cards(otherPage).first());
      await expect(plain).toHaveAccessibleName(title);
      await expect(plain).not.toHaveAttribute('target');
      await otherPage.waitForLoadState('networkidle');
      await plain.hover();
      await otherPage.waitForTimeout(300);
      await expect(otherPage.locator('head link[rel="prefetch"]')).toHaveCount(0);
      await other.close();
    } finally {
      await runExperiment(baseURL!, 'course_cards_open_in_new_tab', null);
      await runExperiment(baseURL!, 'course_card_prefetch', null);
    }
  });
});

test.describe('the course card quick view box', () => {
  test('opens beside a hovered card, adds to the cart and the wishlist, and is axe-clean', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const card = cards(page).first();
    const title = await titleOf(card);
    await titleLink(card).hover();
    const box = page.getByRole('dialog', { name: title });
    await expect(box).toBeVisible();
    // Beside the card, not over it.
    const cardBox = (await card.boundingBox())!;
    const drawn = (await box.boundingBox())!;
    expect(drawn.x >= cardBox.x + cardBox.width || drawn.x + drawn.width <= cardBox.x).toBe(true);
    await expect(box.getByRole('listitem').first()).toContainText(/hours? of content|minutes? of content/);
    await checkA11y(page);

    // Escape closes it, focus being nowhere in it, until the pointer comes to the card anew.
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
    await page.waitForTimeout(500);
    await expect(box).toBeHidden();
    await page.mouse.move(0, 0);
    await titleLink(card).hover();
    await expect(box).toBeVisible();

    await box.getByRole('button', { name: 'Add to cart' }).click();
    await expect(box.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await box.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(box.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

    // Leaving the card and the box closes it.
    await page.mouse.move(0, 0);
    await expect(box).toBeHidden();
  });

  test('follows keyboard focus: Tab goes into it and on, Escape returns to the card', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const [first, second, third] = [0, 1, 2].map((index) => cards(page).nth(index));
    const title = await titleOf(second!);
    await titleLink(first!).focus();
    await page.keyboard.press('Tab');
    await expect(titleLink(second!)).toBeFocused();
    const box = page.getByRole('dialog', { name: title });
    await expect(box).toBeVisible();
    // The box never takes focus by itself; it is next in the tab order.
    await expect(titleLink(second!)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(box.getByRole('button', { name: 'Add to cart' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(box.getByRole('button', { name: 'Add to wishlist' })).toBeFocused();
    await checkA11y(page);
    // On out of the box, to the next card: no trap, and the box closes behind.
    await page.keyboard.press('Tab');
    await expect(titleLink(third!)).toBeFocused();
    await expect(box).toBeHidden();

    await page.keyboard.press('Shift+Tab');
    await expect(titleLink(second!)).toBeFocused();
    await expect(box).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(box.getByRole('button', { name: 'Add to cart' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
    await expect(titleLink(second!)).toBeFocused();
  });

  test('opens for keyboard focus that came to a card before the page’s code did', async ({ page }) => {
    // The islands' code is held back until the visitor has tabbed to the second card.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/islands-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const [first, second] = [0, 1].map((index) => cards(page).nth(index));
    await titleLink(first!).focus();
    await page.keyboard.press('Tab');
    await expect(titleLink(second!)).toBeFocused();
    release();
    await expect(page.getByRole('dialog', { name: await titleOf(second!) })).toBeVisible();
    await expect(titleLink(second!)).toBeFocused();
  });

  test('waits longer and has no wishlist button under their experiments', async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await runExperiment(baseURL!, 'delay_course_card_quick_view_box', [
      { key: 'delayed', configuration: { isEnabled: true, delayMs: 1500 } },
    ]);
    await runExperiment(baseURL!, 'hide_wishlist_button_on_course_card_quick_view_box', [
      { key: 'no_wishlist', configuration: { isEnabled: true } },
    ]);
    try {
      await priceInIceland(context, baseURL!);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const card = cards(page).first();
      const box = page.getByRole('dialog', { name: await titleOf(card) });
      await titleLink(card).hover();
      const hovered = Date.now();
      await expect(box).toBeVisible({ timeout: 5_000 });
      expect(Date.now() - hovered).toBeGreaterThanOrEqual(1_400);
      await expect(box.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      await expect(box.getByRole('button', { name: /wishlist/ })).toHaveCount(0);

      await expectExposed(baseURL!, 'delay_course_card_quick_view_box', 'delayed');
      await expectExposed(baseURL!, 'hide_wishlist_button_on_course_card_quick_view_box', 'no_wishlist');
    } finally {
      await runExperiment(baseURL!, 'delay_course_card_quick_view_box', null);
      await runExperiment(baseURL!, 'hide_wishlist_button_on_course_card_quick_view_box', null);
    }
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true });

    test('never opens', async ({ page }) => {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches)).toBe(false);
      const card = cards(page).first();
      await titleLink(card).hover();
      await titleLink(card).focus();
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
});

test.describe('auth_full_page_redirect', () => {
  test('loads the sign-in pages in full under its experiment, and in the app otherwise', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.slow();
    await runExperiment(baseURL!, 'auth_full_page_redirect', [
      { key: 'full_page', configuration: { isEnabled: true } },
    ]);
    try {
      await priceInIceland(context, baseURL!);
      const loads = documentLoads(page);
      await page.goto('/join/login-popup/?next=/');
      // The app has started (before, a click on a link is the browser's anyway).
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => Object.assign(window, { appMarker: true }));
      await page.getByRole('link', { name: 'Sign up', exact: true }).click();
      await page.waitForURL(/\/join\/signup-popup\/\?next=%2F$/);
      await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
      // A new document: the page's own state is gone.
      expect(await page.evaluate(() => 'appMarker' in window)).toBe(false);
      expect(loads).toEqual(['/join/login-popup/', '/join/signup-popup/']);

      // A page that needs a user sends the visitor to the login page with a full page load.
      await page.goto('/user/profile/badges/');
      await page.waitForURL(/\/join\/login-popup\/\?next=%2Fuser%2Fprofile%2Fbadges%2F$/);
      expect(loads.slice(2)).toEqual(['/user/profile/badges/', '/join/login-popup/']);
      await expectExposed(baseURL!, 'auth_full_page_redirect', 'full_page');

      // A visitor outside the experiment stays in the app.
      const other = await browser.newContext({ storageState: await context.storageState() });
      await other.clearCookies({ name: 'price_country' });
      const otherPage = await other.newPage();
      const otherLoads = documentLoads(otherPage);
      await otherPage.goto('/join/login-popup/?next=/');
      await otherPage.waitForLoadState('networkidle');
      await otherPage.evaluate(() => Object.assign(window, { appMarker: true }));
      await otherPage.getByRole('link', { name: 'Sign up', exact: true }).click();
      await otherPage.waitForURL(/\/join\/signup-popup\//);
      expect(await otherPage.evaluate(() => 'appMarker' in window)).toBe(true);
      expect(otherLoads).toEqual(['/join/login-popup/']);
      await other.close();
    } finally {
      await runExperiment(baseURL!, 'auth_full_page_redirect', null);
    }
  });
});
