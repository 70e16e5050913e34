// The back office's customers (issue 32): search and the customer's page, credit granted and
// removed by staff (ledger and audit in one transaction), sessions ended, and the anonymised
// delete that keeps orders and invoices.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { cardTokenSubmit, createCheckoutKit, PAID_A, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { CUSTOMER_MESSAGES } from './admin-customers.service.js';

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);
let operator: TestClient;
let buyer: { client: TestClient; id: number; email: string };
let ipCounter = 0;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const base = (id: number) => `/api-2.0/admin/customers/${id}`;
const CONTEXT = '/api-2.0/contexts/me/?me=True';

async function emailOf(id: number): Promise<string> {
  const [row] = await rows<{ email: string }>(sql`select email from users where id = ${id}`);
  return row!.email;
}

/** A signed-in buyer with one order paid by a card they saved. */
async function buyerWithSavedCard() {
  const fresh = await newBuyer();
  const body = cardTokenSubmit([PAID_A]);
  const paid = await fresh.client.post('/payment/checkout-submit/', {
    ...body,
    payment_info: { ...body.payment_info, remember_me: true },
  });
  expect(paid.data.status, paid.body).toBe('succeeded');
  return { ...fresh, email: await emailOf(fresh.id) };
}

async function staffClient(role: string): Promise<TestClient> {
  const member = await newBuyer();
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${member.id}, ${role})`);
  return member.client;
}

const auditOf = (id: number) =>
  rows<{
    action: string;
    actor_email: string;
    reason: string | null;
    before: unknown;
    after: unknown;
    summary: string;
  }>(
    sql`select action, actor_email, reason, before, after, summary from admin_audit_events
      where object_type = 'customer' and object_id = ${String(id)} order by id`,
  );
const ledgerOf = (id: number) =>
  rows<{ kind: string; amount: number; currency: string; reason: string; created_by: number | null }>(
    sql`select kind, amount, currency, reason, created_by from credit_entries where user_id = ${id} order by id`,
  );

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_admin_customers' }));
  ipCounter += 1;
  operator = createTestClient(server.app, { ip: `10.64.0.${ipCounter}` });
  await operator.login('operator@example.com');
  buyer = await buyerWithSavedCard();
});
afterAll(() => close());

describe('customers', () => {
  it('finds a customer by e-mail or name, sorted and paginated', async () => {
    const found = await operator.get(`/api-2.0/admin/customers/?q=${encodeURIComponent(buyer.email)}`);
    expect(found.statusCode).toBe(200);
    expect(found.data).toMatchObject({ count: 1, page: 1, page_size: 25 });
    expect(found.data.results[0]).toMatchObject({
      id: buyer.id,
      email: buyer.email,
      staff_role: null,
      anonymised_at: null,
    });
    const byName = await operator.get('/api-2.0/admin/customers/?q=lena%20learner');
    expect(byName.data.results.map((row: { email: string }) => row.email)).toEqual(['learner@example.com']);
    const staff = await operator.get('/api-2.0/admin/customers/?q=operator%40');
    expect(staff.data.results[0].staff_role).toBe('owner');
    const sorted = await operator.get('/api-2.0/admin/customers/?sort=email&page_size=3');
    const emails = sorted.data.results.map((row: { email: string }) => row.email);
    expect(emails).toEqual([...emails].sort());
    expect(sorted.data.count).toBeGreaterThan(3);
    expect((await operator.get('/api-2.0/admin/customers/?sort=name')).statusCode).toBe(400);
  });

  it('shows a customer’s purchases, credit, saved cards (brand, last 4, expiry only) and sessions', async () => {
    const detail = await operator.get(`${base(buyer.id)}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.data.profile).toMatchObject({
      id: buyer.id,
      email: buyer.email,
      guest: false,
      staff_role: null,
    });
    expect(detail.data.purchases.count).toBe(1);
    const [order] = detail.data.purchases.results;
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ course_id: PAID_A, buyable_type: 'course' });
    expect(order.lines[0].course_title).toEqual(expect.any(String));
    expect(order.total).toBeGreaterThan(0);
    expect(order.payment_label).toContain('4242');
    expect(detail.data.saved_cards).toEqual([
      {
        brand: 'visa',
        last4: '4242',
        exp_month: expect.any(Number),
        exp_year: expect.any(Number),
        used_for: 'checkout',
      },
    ]);
    expect(detail.data.saved_cards_error).toBeNull();
    expect(detail.data.active_sessions).toBeGreaterThanOrEqual(1);
    expect(detail.data.credit).toEqual({ balances: [], entry_count: 0, entries: [] });
    expect(detail.data.organizations).toEqual([]);

    const learner = await rows<{ id: number }>(sql`select id from users where email = 'learner@example.com'`);
    const lena = await operator.get(`${base(Number(learner[0]!.id))}/`);
    expect(lena.data.credit.balances).toEqual([{ currency: 'USD', amount: 2500 }]);
    expect(lena.data.subscriptions.map((plan: { subscriber: string }) => plan.subscriber)).toContain('user');

    expect((await operator.get(`${base(2147483000)}/`)).statusCode).toBe(404);
  });
});

describe('account credit', () => {
  it('grants and removes credit with a reason: ledger entries by the staff member, audited', async () => {
    const granted = await operator.post(`${base(buyer.id)}/credit/`, {
      action: 'grant',
      amount: 500,
      currency: 'USD',
      reason: 'Sorry for the broken video',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.data.balance).toEqual({ currency: 'USD', amount: 500 });
    expect(granted.data.entry).toMatchObject({
      kind: 'grant',
      amount: 500,
      created_by: 'operator@example.com',
    });

    // Not below zero: refused, nothing written.
    const tooMuch = await operator.post(`${base(buyer.id)}/credit/`, {
      action: 'remove',
      amount: 700,
      currency: 'USD',
      reason: 'Granted by mistake',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.data).toMatchObject({ code: 'credit_below_zero' });
    expect(tooMuch.data.detail).toContain('$5.00');

    const removed = await operator.post(`${base(buyer.id)}/credit/`, {
      action: 'remove',
      amount: 200,
      currency: 'USD',
      reason: 'Granted by mistake',
    });
    expect(removed.statusCode).toBe(201);
    expect(removed.data.balance).toEqual({ currency: 'USD', amount: 300 });

    const [operatorRow] = await rows<{ id: number }>(
      sql`select id from users where email = 'operator@example.com'`,
    );
    const staffId = Number(operatorRow!.id);
    expect((await ledgerOf(buyer.id)).map((entry) => ({ ...entry, amount: Number(entry.amount) }))).toEqual([
      {
        kind: 'grant',
        amount: 500,
        currency: 'USD',
        reason: 'Sorry for the broken video',
        created_by: staffId,
      },
      {
        kind: 'adjustment',
        amount: -200,
        currency: 'USD',
        reason: 'Granted by mistake',
        created_by: staffId,
      },
    ]);
    const trail = await auditOf(buyer.id);
    expect(
      trail.map((entry) => [
        entry.action,
        entry.reason,
        entry.before,
        (entry.after as { balance: unknown }).balance,
      ]),
    ).toEqual([
      [
        'customer.credit_granted',
        'Sorry for the broken video',
        { balance: { currency: 'USD', amount: 0 } },
        { currency: 'USD', amount: 500 },
      ],
      [
        'customer.credit_removed',
        'Granted by mistake',
        { balance: { currency: 'USD', amount: 500 } },
        { currency: 'USD', amount: 300 },
      ],
    ]);

    // The customer sees it in their own credit history and balance.
    const history = await buyer.client.get('/api-2.0/users/me/credit-history/');
    expect(history.data.results.map((entry: { kind: string }) => entry.kind)).toEqual([
      'adjustment',
      'grant',
    ]);
    expect((await buyer.client.get(CONTEXT)).data.me.credit).toEqual({ amount: 300, currency: 'USD' });
    const detail = await operator.get(`${base(buyer.id)}/`);
    expect(detail.data.credit.balances).toEqual([{ currency: 'USD', amount: 300 }]);
    expect(detail.data.credit.entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: -200,
      created_by: 'operator@example.com',
    });
  });

  it('refuses bad amounts and a missing reason with field messages', async () => {
    const bad = await operator.post(`${base(buyer.id)}/credit/`, {
      action: 'give',
      amount: 1.5,
      currency: 'XXX',
      reason: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['action', 'amount', 'currency', 'reason']);
    const zero = await operator.post(`${base(buyer.id)}/credit/`, {
      action: 'grant',
      amount: 0,
      currency: 'USD',
      reason: 'x',
    });
    expect(zero.data.field_errors.amount[0]).toBe('The amount must be more than zero.');
  });

  it('is for support, finance and owners: catalog and read-only members are refused', async () => {
    const grant = { action: 'grant', amount: 100, currency: 'EUR', reason: 'Goodwill' };
    expect((await (await staffClient('support')).post(`${base(buyer.id)}/credit/`, grant)).statusCode).toBe(
      201,
    );
    expect((await (await staffClient('finance')).post(`${base(buyer.id)}/credit/`, grant)).statusCode).toBe(
      201,
    );
    expect((await (await staffClient('catalog')).post(`${base(buyer.id)}/credit/`, grant)).statusCode).toBe(
      403,
    );
    expect((await (await staffClient('read_only')).post(`${base(buyer.id)}/credit/`, grant)).statusCode).toBe(
      403,
    );
  });
});

describe('sessions', () => {
  it('ends every session of the customer, audited', async () => {
    const other = await newBuyer();
    expect((await other.client.get(CONTEXT)).data.me.is_authenticated).toBe(true);
    const revoked = await operator.post(`${base(other.id)}/sessions/revoke/`, { reason: 'Account shared' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.data.revoked).toBe(1);
    expect((await other.client.get(CONTEXT)).data.me.is_authenticated).toBe(false);
    expect((await operator.get(`${base(other.id)}/`)).data.active_sessions).toBe(0);
    const [entry] = await auditOf(other.id);
    expect(entry).toMatchObject({ action: 'customer.sessions_revoked', reason: 'Account shared' });
  });
});

describe('anonymised delete', () => {
  it('removes personal data, sessions and saved cards, and keeps the orders', async () => {
    const customer = await buyerWithSavedCard();
    const [before] = await rows<{ orders: number; lines: number }>(sql`select
      (select count(*)::int from orders where user_id = ${customer.id}) as orders,
      (select count(*)::int from order_lines where order_id in (select id from orders where user_id = ${customer.id})) as lines`);

    const unconfirmed = await operator.post(`${base(customer.id)}/anonymise/`, {
      reason: 'GDPR request of 3 March',
      confirm_email: 'someone-else@example.com',
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.data.field_errors.confirm_email).toEqual([CUSTOMER_MESSAGES.confirmEmail]);
    const noReason = await operator.post(`${base(customer.id)}/anonymise/`, {
      confirm_email: customer.email,
    });
    expect(Object.keys(noReason.data.field_errors)).toEqual(['reason']);

    const done = await operator.post(`${base(customer.id)}/anonymise/`, {
      reason: 'GDPR request of 3 March',
      confirm_email: customer.email.toUpperCase(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.data).toMatchObject({
      id: customer.id,
      email: `deleted-${customer.id}@anonymised.invalid`,
      cards_removed: 1,
    });

    const [user] = await rows<{
      email: string;
      name: string;
      surname: string;
      password_hash: string;
      anonymised_at: Date | null;
    }>(sql`select email, name, surname, password_hash, anonymised_at from users where id = ${customer.id}`);
    expect(user).toMatchObject({
      email: `deleted-${customer.id}@anonymised.invalid`,
      name: 'Deleted',
      surname: '',
    });
    expect(user!.password_hash.startsWith('$argon2')).toBe(false);
    expect(user!.anonymised_at).not.toBeNull();
    // Orders and their lines are kept; the session ended; the old address no longer signs in.
    const [after] = await rows<{ orders: number; lines: number }>(sql`select
      (select count(*)::int from orders where user_id = ${customer.id}) as orders,
      (select count(*)::int from order_lines where order_id in (select id from orders where user_id = ${customer.id})) as lines`);
    expect(after).toEqual(before);
    expect((await customer.client.get(CONTEXT)).data.me.is_authenticated).toBe(false);
    ipCounter += 1;
    const again = createTestClient(server.app, { ip: `10.64.0.${ipCounter}` });
    const login = await again.post('/api-2.0/auth/login/', {
      email: customer.email,
      password: 'checkout-buyer-password',
    });
    expect(login.statusCode).toBe(400);

    const detail = await operator.get(`${base(customer.id)}/`);
    expect(detail.data.profile).toMatchObject({ name: 'Deleted', anonymised_at: expect.any(String) });
    expect(detail.data.purchases.count).toBe(1);
    expect(detail.data.saved_cards).toEqual([]);
    expect(detail.data.active_sessions).toBe(0);

    const [entry] = await auditOf(customer.id);
    expect(entry!.action).toBe('customer.anonymised');
    expect(entry!.reason).toBe('GDPR request of 3 March');
    // The log keeps what was removed, never the personal data or a secret.
    const logged = JSON.stringify(entry);
    expect(logged).not.toContain(customer.email);
    expect(logged).not.toContain('argon2');
    expect(entry!.before).toMatchObject({ email: `${customer.email[0]}***@example.com` });

    const twice = await operator.post(`${base(customer.id)}/anonymise/`, {
      reason: 'Again',
      confirm_email: `deleted-${customer.id}@anonymised.invalid`,
    });
    expect(twice.statusCode).toBe(409);
    const credit = await operator.post(`${base(customer.id)}/credit/`, {
      action: 'grant',
      amount: 100,
      currency: 'USD',
      reason: 'x',
    });
    expect(credit.statusCode).toBe(409);
  });

  it('refuses a staff member (409) and a customer whose Personal Plan still renews (409)', async () => {
    const staff = await operator.post(
      `${base((await rows<{ id: number }>(sql`select id from users where email = 'operator@example.com'`))[0]!.id)}/anonymise/`,
      {
        reason: 'Test',
        confirm_email: 'operator@example.com',
      },
    );
    expect(staff.statusCode).toBe(409);
    expect(staff.data.code).toBe('customer_is_staff');
    expect(staff.data.detail).toContain('remove them from the staff');

    const [learner] = await rows<{ id: number }>(
      sql`select id from users where email = 'learner@example.com'`,
    );
    const subscriber = await operator.post(`${base(Number(learner!.id))}/anonymise/`, {
      reason: 'Test',
      confirm_email: 'learner@example.com',
    });
    expect(subscriber.statusCode).toBe(409);
    expect(subscriber.data.code).toBe('customer_has_active_plan');
  });

  it('is for support and owners only', async () => {
    const target = await newBuyer();
    const body = { reason: 'Request', confirm_email: await emailOf(target.id) };
    expect(
      (await (await staffClient('finance')).post(`${base(target.id)}/anonymise/`, body)).statusCode,
    ).toBe(403);
    expect(
      (await (await staffClient('support')).post(`${base(target.id)}/anonymise/`, body)).statusCode,
    ).toBe(200);
  });
});
