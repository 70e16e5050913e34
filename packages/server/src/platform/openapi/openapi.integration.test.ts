import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { openApiPath } from './openapi-document.js';
import { OPENAPI_PATHS } from './openapi.routes.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every registered route with its parameters and body', async () => {
    const response = await createTestClient(server.app).get(OPENAPI_PATHS.document);
    expect(response.statusCode).toBe(200);
    const document = response.data;
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = server.routes.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(listed.sort()).toEqual([...new Set(registered)].sort());
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /payment/checkout-submit/',
        'PATCH /payment/checkout-submit/{paymentAttemptId}/',
        'GET /api-2.0/courses/{id}/',
        'POST /api-2.0/ecl',
        'POST /payment/webhooks/gateway/',
      ]),
    );
    const submit = document.paths['/payment/checkout-submit/'].post;
    // One body per checkout environment (Marketplace, Subscription), told apart by checkout_environment.
    const variants =
      submit.requestBody.content['application/json'].schema.oneOf ??
      submit.requestBody.content['application/json'].schema.anyOf;
    expect(variants).toHaveLength(2);
    for (const variant of variants) expect(variant.properties).toHaveProperty('expected_total');
    expect(submit.security).toEqual([{ csrf: [] }]);
    const courses = document.paths['/api-2.0/courses/'].get;
    expect(courses.parameters.map((parameter: { name: string }) => parameter.name)).toContain('page_size');
  });

  it('has a docs page that lists the operations, under the strict CSP', async () => {
    const response = await createTestClient(server.app).get(OPENAPI_PATHS.docs);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<code>/payment/checkout-submit/</code>');
    expect(response.body).not.toContain('<script');
    expect(String(response.headers['content-security-policy'])).toContain('script-src');
  });
});
