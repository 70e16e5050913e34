// The back office's audit log (issue 32): append-only in the database itself, and read as one
// searchable, filtered, paginated list or as one object's trail.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { startTestServer } from '../../test-support/test-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { createAdminAudit } from './admin-audit.service.js';

let server: LecternServer & { stop(): Promise<void> };
let operator: TestClient;
let operatorId: number;
/** Unique to this run: every entry the test writes carries it, so searches see only these. */
const TAG = `audit-test-${Date.now()}`;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const list = (query: string) => operator.get(`/api-2.0/admin/audit-events/?${query}`);
const summaries = (response: { data: { results: { summary: string }[] } }) =>
  response.data.results.map((entry) => entry.summary);

beforeAll(async () => {
  server = await startTestServer();
  operator = createTestClient(server.app, { ip: '10.63.0.1' });
  await operator.login('operator@example.com');
  const [row] = await rows<{ id: number }>(sql`select id from users where email = 'operator@example.com'`);
  operatorId = Number(row!.id);

  // Entries as the features write them (in a transaction of their own), then two back-dated ones.
  const audit = createAdminAudit();
  const actor = { userId: operatorId, email: 'operator@example.com', role: 'owner' as const };
  await server.db.transaction(async (tx) => {
    await audit.record(tx, {
      actor,
      action: 'course.published',
      objectType: 'course',
      objectId: 41,
      summary: `Published “Rust for the web” ${TAG}`,
      before: { status: 'draft' },
      after: { status: 'published' },
    });
    await audit.record(tx, {
      actor,
      action: 'order.refunded',
      objectType: 'order',
      objectId: 7001,
      summary: `Refunded order 7001 ${TAG}`,
      reason: 'Charged twice',
      before: { status: 'completed' },
      after: { status: 'refunded' },
    });
    await audit.record(tx, {
      actor: { userId: operatorId, email: 'support-person@example.com', role: 'support' },
      action: 'customer.credit_granted',
      objectType: 'customer',
      objectId: 55,
      summary: `Granted $5.00 of credit ${TAG}`,
      reason: 'Goodwill',
    });
  });
  await server.db.execute(sql`insert into admin_audit_events
    (actor_id, actor_email, actor_role, action, object_type, object_id, summary, created_at)
    values
    (${operatorId}, 'operator@example.com', 'owner', 'course.published', 'course', '41', ${`Old publication ${TAG}`}, '2025-01-10T12:00:00Z'),
    (${operatorId}, 'operator@example.com', 'owner', 'course.unlisted', 'course', '41', ${`Older change ${TAG}`}, '2025-01-05T23:59:59Z')`);
});
afterAll(() => server.stop());

describe('the audit log is append-only', () => {
  it('the database refuses to update or delete an entry, even with SQL', async () => {
    const [entry] = await rows<{ id: number; summary: string }>(
      sql`select id, summary from admin_audit_events where summary like ${`Published%${TAG}`}`,
    );
    // The database's own refusal (drizzle wraps it: "Failed query", the cause is PostgreSQL's).
    const refusal = async (query: ReturnType<typeof sql>) => {
      const error = await server.db.execute(query).then(
        () => null,
        (failure: unknown) => failure as Error & { cause?: Error },
      );
      return error ? (error.cause?.message ?? error.message) : 'no error';
    };
    expect(
      await refusal(sql`update admin_audit_events set summary = 'rewritten' where id = ${entry!.id}`),
    ).toBe('admin_audit_events is append-only');
    expect(await refusal(sql`delete from admin_audit_events where id = ${entry!.id}`)).toBe(
      'admin_audit_events is append-only',
    );
    expect(await refusal(sql`update admin_audit_events set after = null`)).toBe(
      'admin_audit_events is append-only',
    );
    const [after] = await rows<{ summary: string }>(
      sql`select summary from admin_audit_events where id = ${entry!.id}`,
    );
    expect(after!.summary).toBe(entry!.summary);
  });

  it('a change that rolls back leaves no entry', async () => {
    const audit = createAdminAudit();
    await expect(
      server.db.transaction(async (tx) => {
        await audit.record(tx, {
          actor: { userId: operatorId, email: 'operator@example.com', role: 'owner' },
          action: 'course.published',
          objectType: 'course',
          objectId: 99,
          summary: `Rolled back ${TAG}`,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(`q=${encodeURIComponent(`Rolled back ${TAG}`)}`)).data.count).toBe(0);
  });
});

describe('GET /api-2.0/admin/audit-events/', () => {
  it('searches summaries, newest first, with who, what, before and after', async () => {
    const response = await list(`q=${TAG}`);
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ count: 5, page: 1, page_size: 25 });
    expect(summaries(response)).toEqual([
      `Granted $5.00 of credit ${TAG}`,
      `Refunded order 7001 ${TAG}`,
      `Published “Rust for the web” ${TAG}`,
      `Old publication ${TAG}`,
      `Older change ${TAG}`,
    ]);
    expect(response.data.results[1]).toMatchObject({
      actor: { id: operatorId, email: 'operator@example.com', role: 'owner' },
      action: 'order.refunded',
      object_type: 'order',
      object_id: '7001',
      reason: 'Charged twice',
      before: { status: 'completed' },
      after: { status: 'refunded' },
    });
    // Oldest first on request.
    expect(summaries(await list(`q=${TAG}&sort=created`))[0]).toBe(`Older change ${TAG}`);
  });

  it('searches the actor’s e-mail and the object id too', async () => {
    expect(summaries(await list(`q=support-person%40example`))).toContain(`Granted $5.00 of credit ${TAG}`);
    expect(summaries(await list(`q=7001`))).toContain(`Refunded order 7001 ${TAG}`);
    // LIKE's wildcards are searched as themselves.
    expect((await list(`q=${encodeURIComponent('%_%')}`)).data.count).toBe(0);
  });

  it('filters by actor, action, object (one object’s trail) and days', async () => {
    expect(summaries(await list(`q=${TAG}&actor=SUPPORT-PERSON%40example.com`))).toEqual([
      `Granted $5.00 of credit ${TAG}`,
    ]);
    expect((await list(`q=${TAG}&actor=${operatorId}`)).data.count).toBe(5);
    expect(summaries(await list(`q=${TAG}&action=order.refunded`))).toEqual([`Refunded order 7001 ${TAG}`]);
    expect(summaries(await list(`object_type=course&object_id=41&q=${TAG}`))).toEqual([
      `Published “Rust for the web” ${TAG}`,
      `Old publication ${TAG}`,
      `Older change ${TAG}`,
    ]);
    expect(summaries(await list(`q=${TAG}&from=2025-01-06&to=2025-01-10`))).toEqual([
      `Old publication ${TAG}`,
    ]);
    expect(summaries(await list(`q=${TAG}&to=2025-01-05`))).toEqual([`Older change ${TAG}`]);
    // Empty filters are no filters (a form's "any").
    expect((await list(`q=${TAG}&actor=&action=&object_type=&from=`)).data.count).toBe(5);
  });

  it('pages', async () => {
    const second = await list(`q=${TAG}&page=2&page_size=2`);
    expect(second.data).toMatchObject({ count: 5, page: 2, page_size: 2 });
    expect(summaries(second)).toEqual([`Published “Rust for the web” ${TAG}`, `Old publication ${TAG}`]);
    expect((await list(`q=${TAG}&page=4&page_size=2`)).data.results).toEqual([]);
  });

  it('refuses bad filters with field messages', async () => {
    const bad = await list('from=2026-02-30&page_size=500&sort=summary');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['from', 'page_size', 'sort']);
  });

  it('is any staff member’s to read, nobody else’s', async () => {
    const visitor = createTestClient(server.app, { ip: '10.63.0.2' });
    expect((await visitor.get('/api-2.0/admin/audit-events/')).statusCode).toBe(401);
    const learner = createTestClient(server.app, { ip: '10.63.0.3' });
    await learner.login('learner@example.com');
    expect((await learner.get('/api-2.0/admin/audit-events/')).statusCode).toBe(403);
    const [user] = await rows<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
    await server.db.execute(
      sql`insert into staff_members (user_id, role) values (${Number(user!.id)}, 'read_only')`,
    );
    const readOnly = createTestClient(server.app, { ip: '10.63.0.4' });
    await readOnly.login('admin@example.com');
    expect((await readOnly.get(`/api-2.0/admin/audit-events/?q=${TAG}`)).data.count).toBe(5);
  });
});
