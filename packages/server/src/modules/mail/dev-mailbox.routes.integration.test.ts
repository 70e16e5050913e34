import { money } from '@lectern/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../platform/http/error-handler.js';
import { startTestServer } from '../../test-support/test-server.js';
import { devMailboxRoutes } from './dev-mailbox.routes.js';
import { createMailOutbox, type MailOutbox } from './mail-outbox.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let app: FastifyInstance;
let outbox: MailOutbox;
const ids: number[] = [];

// The plugin on a bare Fastify app with the platform's validation and error contract.
beforeAll(async () => {
  server = await startTestServer();
  outbox = createMailOutbox({
    db: server.db,
    brandName: 'Lectern',
    publicUrl: 'http://localhost:3000',
    smtpUrl: null,
    from: 'Lectern <no-reply@localhost>',
    log: server.app.log,
  });
  for (let n = 1; n <= 3; n += 1) {
    const id = await outbox.enqueue(server.db, {
      to: `learner${n}@example.com`,
      content: {
        kind: 'subscription_reactivated',
        planName: `Plan ${n}`,
        nextChargeDate: '2026-04-01T00:00:00Z',
        amount: money(3000, 'USD'),
      },
    });
    ids.push(id!);
  }
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(devMailboxRoutes, { outbox });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await server.stop();
});

describe('GET /api-2.0/dev/mailbox/', () => {
  it('lists the outbox newest first, a page at a time', async () => {
    const response = await app.inject({ url: '/api-2.0/dev/mailbox/?page=1&page_size=2' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total_pages).toBe(2);
    expect(body.results).toEqual([
      {
        id: ids[2],
        kind: 'subscription_reactivated',
        to: 'learner3@example.com',
        subject: 'Your Plan 3 subscription is active again',
        status: 'queued',
        created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        sent_at: null,
      },
      expect.objectContaining({ id: ids[1] }),
    ]);
    const second = await app.inject({ url: '/api-2.0/dev/mailbox/?page=2&page_size=2' });
    expect(second.json().results.map((mail: { id: number }) => mail.id)).toEqual([ids[0]]);
  });

  it('refuses a page that is not a number with field errors', async () => {
    const response = await app.inject({ url: '/api-2.0/dev/mailbox/?page=zero' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      field_errors: { page: expect.any(Array) },
    });
  });
});

describe('GET /api-2.0/dev/mailbox/:id/', () => {
  it('answers one mail with both parts', async () => {
    const response = await app.inject({ url: `/api-2.0/dev/mailbox/${ids[0]}/` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: ids[0], to: 'learner1@example.com', status: 'queued', sent_at: null });
    expect(body.html).toContain('<h1');
    expect(body.text).toContain('Your next charge of $30.00 is on April 1, 2026.');
  });

  it('answers 404 in the error contract for a mail that does not exist', async () => {
    const response = await app.inject({ url: `/api-2.0/dev/mailbox/${ids[2]! + 1000}/` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No mail with this id.', code: 'not_found' });
    const invalid = await app.inject({ url: '/api-2.0/dev/mailbox/abc/' });
    expect(invalid.statusCode).toBe(400);
  });
});
