import { readFileSync } from 'node:fs';
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

/** A catalog of the web app, read as the browser gets it. */
function catalog(locale: string): Record<string, string> {
  const file = new URL(`../packages/web/src/i18n/messages/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const COURSE_PATH = '/course/typescript-from-first-principles/';
const PUBLIC_PAGES = [
  '/',
  '/courses/development/',
  COURSE_PATH,
  '/personal-plan/',
  '/business/sign-up/',
  '/cart/',
  '/terms/',
  '/support/',
];

/** Collects what the page logs that a person would never want: errors, warnings, page errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('server-rendered pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a course page has its title, price and structured data in the first HTML', async ({
    page,
    request,
  }) => {
    const response = await request.get(COURSE_PATH);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-US"/);
    expect(html).toContain('<title>TypeScript from First Principles | Lectern</title>');
    expect(html).toContain('$19.99');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      (match) =>
        JSON.parse(match[1]!) as { '@type': string; offers?: { price: string; priceCurrency: string } },
    );
    const course = jsonLd.find((item) => item['@type'] === 'Course');
    expect(course?.offers).toMatchObject({ priceCurrency: 'USD' });

    // The browser shows the page from that HTML alone.
    await page.goto(COURSE_PATH);
    await expect(
      page.getByRole('heading', { level: 1, name: 'TypeScript from First Principles' }),
    ).toBeVisible();
    await expect(page.getByText('$19.99').first()).toBeVisible();
  });

  test("the legal pages are whole in the first HTML, in the visitor's language", async ({ request }) => {
    for (const [path, cookie, title] of [
      ['/terms/', 'ja_JP', '利用規約'],
      ['/terms/refund-policy/', 'es_ES', 'Política de reembolso'],
      ['/terms/privacy/', 'pt_BR', 'Política de Privacidade'],
      ['/terms/commercial-transactions/', 'ja_JP', '特定商取引法に基づく表記'],
      ['/support/', 'en_US', 'Help Center'],
    ] as const) {
      const html = await (await request.get(path, { headers: { cookie: `ud_locale=${cookie}` } })).text();
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html.match(/<h2/g)?.length ?? 0, path).toBeGreaterThan(1);
      expect(html, path).toContain(`<title>${title} | Lectern</title>`);
      expect(html, path).toMatch(/<link rel="canonical" href="[^"]*\/(terms|support)\/[^"]*"/);
    }
  });

  test('unknown courses and categories are 404s, a missing slash a 301', async ({ request }) => {
    expect((await request.get('/course/no-such-course-e2e/')).status()).toBe(404);
    expect((await request.get('/courses/no-such-category-e2e/')).status()).toBe(404);
    const redirect = await request.get('/courses/development', { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe('/courses/development/');
  });
});

test('an anonymous public page is shared between first-time visitors, each with their own visit, nonce and token', async ({
  playwright,
  baseURL,
}) => {
  /** A first-time visitor: a request context of its own, so no cookie is sent. */
  const firstVisit = async () => {
    const visitor = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
    });
    const response = await visitor.get('/courses/development/?shared-page-e2e');
    const setCookies = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'set-cookie')
      .map((header) => header.value);
    const html = await response.text();
    await visitor.dispose();
    return {
      cache: response.headers()['x-lectern-page-cache'],
      nonce: /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1],
      visitorInPage: /"visitor_uuid":"([^"]+)"/.exec(html)?.[1],
      visitorCookie: setCookies.find((cookie) => cookie.startsWith('lectern_visitor='))?.split(/[=.]/)[1],
      csrfCookies: setCookies.filter((cookie) => cookie.startsWith('csrftoken=')).length,
      heading: /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1],
    };
  };
  const first = await firstVisit();
  const second = await firstVisit();
  expect(first.cache).toBe('miss');
  expect(second.cache).toBe('hit');
  expect(second.heading).toBe(first.heading);
  expect(second.nonce).not.toBe(first.nonce);
  for (const visit of [first, second]) {
    expect(visit.visitorInPage).toBeTruthy();
    expect(visit.visitorInPage).toBe(visit.visitorCookie);
    expect(visit.csrfCookies).toBe(1);
  }
  expect(second.visitorInPage).not.toBe(first.visitorInPage);
});

test('public pages hydrate without a warning and then respond to clicks', async ({ page }) => {
  const problems = watchConsole(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);

  await page.goto(COURSE_PATH);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('public pages load only their islands, and a click made before they are hydrated still counts', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The first click lands as soon as the runtime has started, before the purchase card's code
  // has loaded (module scripts run before DOMContentLoaded; the card's own chunk comes later).
  await page.goto(COURSE_PATH, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => /\/islands-[\w-]+\.js$/.test(path))).toBe(true);
  // The single-page app's entry is not loaded on a public page.
  expect(scripts.filter((path) => /\/main-[\w-]+\.js$/.test(path))).toEqual([]);

  // A part hydrated on first use (the footer's language picker) works on the first try.
  await page.getByRole('combobox', { name: /Language/ }).selectOption('es-ES');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
});

for (const [locale, cookie, htmlLang] of [
  ['es', 'es_ES', 'es-ES'],
  ['pt-BR', 'pt_BR', 'pt-BR'],
  ['ja', 'ja_JP', 'ja-JP'],
] as const) {
  test(`every public page renders in ${locale} on the server, with nothing missing`, async ({
    page,
    context,
  }) => {
    const messages = catalog(locale);
    await context.addCookies([{ name: 'ud_locale', value: cookie, url: test.info().project.use.baseURL! }]);
    const problems = watchConsole(page);
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      const html = (await response?.text()) ?? '';
      expect(html, path).toContain(`<html lang="${htmlLang}"`);
      await page.waitForLoadState('networkidle');
      // The footer's legal links are on every page, in the page's language.
      await expect(page.getByRole('contentinfo')).toContainText(messages['legal.link.terms']!);
      // A message missing from a catalog would show its id (react-intl's last resort).
      expect(await page.locator('body').innerText(), path).not.toMatch(
        /\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+\.[a-z]/,
      );
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages['home.heading']!);
    expect(problems).toEqual([]);
  });
}
