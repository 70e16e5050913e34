// Issue 34: the sales contacts of the subscription pages ('Request a demo', 'Upgrade to
// enterprise', 'Compare plans', the reduce-licenses address) are back office settings. Owners set
// them (checked, audited); everyone gets them, defaults filled in, in the user context's Config.
import { SALES_CONTACT_MESSAGES } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

const SITE = 'https://learn.example.com';
const SETTINGS = '/api-2.0/admin/settings/';
const SALES_CONTACT = '/api-2.0/admin/settings/sales-contact/';
const CONFIG = '/api-2.0/contexts/me/?Config=True';

let server: LecternServer & { stop(): Promise<void> };
let operator: TestClient;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const salesOf = async (client: TestClient = createTestClient(server.app)) =>
  (await client.get(CONFIG)).data.Config.sales;

const UNSET = {
  sales_email: null,
  request_demo_url: null,
  enterprise_upgrade_url: null,
  compare_plans_url: null,
};
const DEFAULT_LINKS = {
  email: 'help@learn.example.com',
  request_demo_url: `${SITE}/support/?ref=indupgrade#help-contact`,
  enterprise_upgrade_url: `${SITE}/support/?utm_source=product&utm_medium=upgrade&utm_content=upgrade-cta#help-contact`,
  compare_plans_url: `${SITE}/support/#help-team-plan`,
};

beforeAll(async () => {
  server = await startTestServer({
    publicUrl: SITE,
    seller: { name: 'Lectern', address: null, taxId: null, supportEmail: 'help@learn.example.com' },
  });
  operator = createTestClient(server.app, { ip: '10.63.0.1' });
  await operator.login('operator@example.com');
});
afterAll(() => server.stop());

describe('sales contacts', () => {
  it('default to the seller’s support address and this shop’s support page, with the parameters of team-plan §2', async () => {
    expect(await salesOf()).toEqual(DEFAULT_LINKS);
    const settings = await operator.get(SETTINGS);
    expect(settings.statusCode).toBe(200);
    expect(settings.data.sales_contact).toEqual(UNSET);
    expect(settings.data.sales_contact_defaults).toEqual({
      sales_email: 'help@learn.example.com',
      request_demo_url: `${SITE}/support/#help-contact`,
      enterprise_upgrade_url: `${SITE}/support/#help-contact`,
      compare_plans_url: `${SITE}/support/#help-team-plan`,
    });
  });

  it('an owner sets them: stored, audited, and in every visitor’s Config at once', async () => {
    const chosen = {
      sales_email: ' Sales@Acme-Courses.com ',
      request_demo_url: 'https://acme-courses.com/demo/',
      enterprise_upgrade_url: 'mailto:sales@acme-courses.com?subject=Enterprise',
      compare_plans_url: '',
    };
    const saved = await operator.put(SALES_CONTACT, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = {
      sales_email: 'sales@acme-courses.com',
      request_demo_url: 'https://acme-courses.com/demo/',
      enterprise_upgrade_url: 'mailto:sales@acme-courses.com?subject=Enterprise',
      compare_plans_url: null,
    };
    expect(saved.data.sales_contact).toEqual(stored);
    expect((await operator.get(SETTINGS)).data.sales_contact).toEqual(stored);
    // The refund limits are a setting of their own: untouched.
    expect(saved.data.support_refund_limits.USD).toBe(20000);

    expect(await salesOf()).toEqual({
      email: 'sales@acme-courses.com',
      request_demo_url: 'https://acme-courses.com/demo/?ref=indupgrade',
      enterprise_upgrade_url: 'mailto:sales@acme-courses.com?subject=Enterprise',
      compare_plans_url: `${SITE}/support/#help-team-plan`,
    });

    const [entry] = await rows<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      sql`select action, actor_email, before, after from admin_audit_events
        where object_type = 'back_office_settings' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'settings.sales_contact_changed',
      actor_email: 'operator@example.com',
      before: { sales_contact: UNSET },
      after: { sales_contact: stored },
    });

    // Cleared again: the defaults are back.
    expect((await operator.put(SALES_CONTACT, UNSET)).statusCode).toBe(200);
    expect(await salesOf()).toEqual(DEFAULT_LINKS);
  });

  it('refuses what is not an https page, a mailto: or an e-mail address, with field errors, and stores nothing', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from admin_audit_events`);
    const bad = await operator.put(SALES_CONTACT, {
      sales_email: 'sales at acme',
      request_demo_url: 'http://acme-courses.com/demo/',
      enterprise_upgrade_url: 'javascript:alert(1)',
      compare_plans_url: 'mailto:nobody',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.code).toBe('validation_error');
    expect(bad.data.field_errors).toEqual({
      sales_email: [SALES_CONTACT_MESSAGES.email],
      request_demo_url: [SALES_CONTACT_MESSAGES.link],
      enterprise_upgrade_url: [SALES_CONTACT_MESSAGES.link],
      compare_plans_url: [SALES_CONTACT_MESSAGES.mailto],
    });

    // All four are sent (null for a default), and nothing else.
    const partial = await operator.put(SALES_CONTACT, { sales_email: 'sales@acme-courses.com' });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.data.field_errors).sort()).toEqual([
      'compare_plans_url',
      'enterprise_upgrade_url',
      'request_demo_url',
    ]);
    const extra = await operator.put(SALES_CONTACT, { ...UNSET, brochure_url: 'https://acme-courses.com/' });
    expect(extra.statusCode).toBe(400);

    expect((await operator.get(SETTINGS)).data.sales_contact).toEqual(UNSET);
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from admin_audit_events`);
    expect(after!.n).toBe(before!.n);
  });

  it('only owners change them; the rest of the staff reads them; others are refused', async () => {
    const support = createTestClient(server.app, { ip: '10.63.0.2' });
    const email = `sales-support-${Date.now()}@example.com`;
    await support.post('/api-2.0/auth/signup/', {
      name: 'Sam Support',
      email,
      password: 'support-password-1',
    });
    await server.db.execute(
      sql`insert into staff_members (user_id, role) select id, 'support' from users where email = ${email}`,
    );
    expect((await support.get(SETTINGS)).data.sales_contact).toEqual(UNSET);
    expect((await support.put(SALES_CONTACT, UNSET)).statusCode).toBe(403);
    expect((await createTestClient(server.app).put(SALES_CONTACT, UNSET)).statusCode).toBe(401);
  });

  it('a change made elsewhere (another instance, SQL by hand) reaches the Config through the announcement', async () => {
    expect((await salesOf()).email).toBe('help@learn.example.com');
    await server.db.execute(sql`update back_office_settings set sales_email = 'deals@acme-courses.com'`);
    await expect.poll(async () => (await salesOf()).email).toBe('deals@acme-courses.com');
    await server.db.execute(sql`update back_office_settings set sales_email = null`);
    await expect.poll(async () => (await salesOf()).email).toBe('help@learn.example.com');
  });
});
