import { expect, test, type Request } from '@playwright/test';
import { COURSES } from './support/checkout.js';

/** The token e2e/support/start-server.mjs gives the server (METRICS_TOKEN). */
const E2E_METRICS_TOKEN = 'e2e-metrics-token-not-secret';

// Event tracking and counters (issue 7, platform §7, §9) in the real app: with performance
// cookies allowed (the suite's default consent), a page view is batched to the collector,
// which stores it (200), and the page-view counter shows at /metrics.

const isCollectorCall = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api-2.0/ecl';

test('a page view reaches the collector and the page-view counter reaches /metrics', async ({
  page,
  request,
}) => {
  const collected = page.waitForResponse(
    (response) =>
      isCollectorCall(response.request()) &&
      (JSON.parse(response.request().postData() ?? '[]') as { type: string }[]).some(
        (event) => event.type === 'PageView',
      ),
  );
  await page.goto(`${COURSES.typescript.path}?utm_source=e2e`);
  const response = await collected;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ failedEvents: [] });

  const sent = new URL(response.request().url());
  expect(sent.searchParams.get('client_key')).toBe('lectern-web');
  expect(response.request().headers()['content-type']).toMatch(/^text\/plain/);
  const view = (JSON.parse(response.request().postData()!) as Record<string, unknown>[]).find(
    (event) => event.type === 'PageView',
  )!;
  // The query is never tracked (it may carry codes or payment parameters).
  expect(view).toMatchObject({ pageKey: 'courseLanding', url: expect.stringMatching(/\/course\/[^?]+\/$/) });
  expect(view.visitorUuid).toEqual(expect.any(String));
  expect(view.trackingSessionId).toEqual(expect.any(String));

  await expect
    .poll(async () =>
      (
        await (
          await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })
        ).text()
      ).includes('key="web.page_view"'),
    )
    .toBe(true);
});
