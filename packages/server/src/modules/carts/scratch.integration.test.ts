import { afterAll, beforeAll, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it('scratch', async () => {
  const c = createTestClient(server.app);
  await c.login('learner@example.com');
  let r = await c.get('/api-2.0/shopping-carts/me/');
  r = await c.post(
    '/api-2.0/shopping-carts/me/cart/',
    {
      buyables: [
        { id: 2, buyable_object_type: 'course' },
        { id: 3, buyable_object_type: 'course' },
      ],
    },
    { headers: { 'if-match': r.headers.etag as string } },
  );
  r = await c.post(
    '/api-2.0/shopping-carts/me/discounts/',
    { codes: ['LECTERN10'] },
    { headers: { 'if-match': r.headers.etag as string } },
  );
  await c.get('/api-2.0/shopping-carts/me/');
  const client$ = (server.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client$.query;
  const seen: string[] = [];
  client$.query = function (this: unknown, ...args: unknown[]) {
    const a = args[0] as { text?: string; name?: string } | string;
    seen.push(typeof a === 'string' ? a.slice(0, 80) : `${a.name ?? ''} ${a.text?.slice(0, 60)}`);
    return original.apply(this, args);
  };
  await c.get('/api-2.0/shopping-carts/me/');
  console.log('GET', seen.splice(0));
  const v = createTestClient(server.app);
  const a = await v.post('/api-2.0/shopping-carts/me/cart/', {
    buyables: [{ id: 7, buyable_object_type: 'course' }],
  });
  seen.splice(0);
  const d = await v.delete('/api-2.0/shopping-carts/me/cart/?boId=7&boType=course', {
    headers: { 'if-match': a.headers.etag as string },
  });
  console.log('DELETE', seen.splice(0));
  await v.post(
    '/api-2.0/shopping-carts/me/cart/',
    { buyables: [{ id: 7, buyable_object_type: 'course' }] },
    { headers: { 'if-match': d.headers.etag as string } },
  );
  console.log('POST', seen.splice(0));
  await v.get('/api-2.0/pricing/?course_ids=2,3,4,5,6,7,8,9,10,11');
  seen.splice(0);
  await v.get('/api-2.0/pricing/?course_ids=2,3,4,5,6,7,8,9,10,11');
  console.log('PRICING', seen.splice(0));
  client$.query = original;
});
