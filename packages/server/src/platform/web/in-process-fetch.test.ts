import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process-fetch.js';

const app = Fastify();

beforeAll(async () => {
  await app.register(fastifyCookie);
  let issued = 0;
  // A token minted for any call that arrives without one, as the CSRF cookie is.
  app.get('/token/', async (request, reply) => {
    if (!request.cookies.token) void reply.setCookie('token', `t${(issued += 1)}`, { path: '/' });
    return { seen: request.cookies.token ?? null };
  });
  app.get('/page/', async (request) => {
    const api = inProcessFetch(app, request);
    const parallel = await Promise.all([api.fetch('/token/'), api.fetch('/token/'), api.fetch('/token/')]);
    const answers = await Promise.all(parallel.map((response) => response.json()));
    const after = (await (await api.fetch('/token/')).json()) as { seen: string | null };
    return { answers, after: after.seen, setCookies: api.setCookies() };
  });
  await app.ready();
});

afterAll(() => app.close());

describe('inProcessFetch', () => {
  it('passes on one Set-Cookie per cookie, the last, and sends the cookie with later calls', async () => {
    const response = await app.inject({ method: 'GET', url: '/page/' });
    const body = response.json<{ answers: unknown[]; after: string; setCookies: string[] }>();
    // Three calls in parallel each got a token minted; the page passes on only the last one,
    // which later calls carry.
    expect(body.setCookies).toHaveLength(1);
    expect(body.after).toMatch(/^t[123]$/);
    expect(body.setCookies[0]).toMatch(new RegExp(`^token=${body.after};`));
  });

  it("starts from the visitor's own cookies", async () => {
    const response = await app.inject({ method: 'GET', url: '/page/', cookies: { token: 'mine' } });
    const body = response.json<{ answers: { seen: string }[]; setCookies: string[] }>();
    expect(body.answers.map((answer) => answer.seen)).toEqual(['mine', 'mine', 'mine']);
    expect(body.setCookies).toEqual([]);
  });
});
