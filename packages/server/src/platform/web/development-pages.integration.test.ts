import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

// A stand-in build of the web app: the server decides each page's status, whatever the renderer says.
const webDist = standInWebApp();

describe('the developer pages in production', () => {
  let production: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    // From the run's seeded template (a copy, quicker than migrating an empty database).
    production = await startTestServer({ env: 'production', isProduction: true, webDistDir: webDist });
  });
  afterAll(() => production?.stop());

  it('answers the developer pages and their API with 404', async () => {
    const client = createTestClient(production.app);
    for (const path of ['/dev/clock/', '/dev/mailbox/', '/dev/mailbox/?page=2']) {
      const page = await client.get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type'], path).toContain('text/html');
      expect(page.headers['x-lectern-page-cache'], path).toBe('none');
    }
    for (const path of ['/api-2.0/dev/clock/', '/api-2.0/dev/mailbox/', '/api-2.0/dev/mailbox/1/']) {
      const api = await client.get(path);
      expect(api.statusCode, path).toBe(404);
      expect(api.data, path).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('keeps every other page: the single-page account pages 200, unknown paths 404', async () => {
    const client = createTestClient(production.app);
    for (const path of ['/', '/home/my-courses/', '/user/manage-subscriptions/', '/admin/experiments/']) {
      expect((await client.get(path)).statusCode, path).toBe(200);
    }
    for (const path of ['/nonexistent/', '/dev/', '/dev/other/']) {
      const response = await client.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toContain('text/html');
    }
  });
});

describe('the developer pages outside production', () => {
  let development: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    development = await startTestServer({ webDistDir: webDist });
  });
  afterAll(() => development?.stop());

  it('serves them and their API', async () => {
    const client = createTestClient(development.app);
    for (const path of ['/dev/clock/', '/dev/mailbox/']) {
      expect((await client.get(path)).statusCode, path).toBe(200);
    }
    expect((await client.get('/api-2.0/dev/clock/')).statusCode).toBe(200);
    expect((await client.get('/api-2.0/dev/mailbox/')).statusCode).toBe(200);
  });
});
