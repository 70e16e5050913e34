import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StaffRole, TaxReport } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAID_A,
  PAID_B,
  createCheckoutKit,
  infoBody,
  methodSubmit,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox, type ServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { CHECKOUT_PATHS } from '../checkout/checkout.routes.js';

// The back office's tax returns and exports (issue 33): sales in Québec, Seattle (state and city
// tax), Germany and to a French business (reverse charge), a refund, and the report checked
// against the invoices and credit notes issued for them.

const TAX_REPORT = '/api-2.0/admin/tax-report/';
const EXPORTS = '/api-2.0/admin/exports/';
const DAY_MS = 24 * 60 * 60 * 1000;
const { info: INFO, submit: SUBMIT } = CHECKOUT_PATHS;

let main: ServerWithSandbox;
let dataDir: string;
const kit = createCheckoutKit(() => main.server);

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await main.server.db.execute(query));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-reports-'));
  main = await startServerWithSandbox({ webhookSecret: 'whsec_reports_test', config: { dataDir } });
});
afterAll(async () => {
  await main.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

async function staffMember(role: StaffRole): Promise<{ client: TestClient; id: number; email: string }> {
  const { client, id } = await kit.newBuyer();
  await main.server.db.execute(sql`insert into staff_members (user_id, role) values (${id}, ${role})`);
  const [user] = await rows<{ email: string }>(sql`select email from users where id = ${id}`);
  return { client, id, email: user!.email };
}

type Billing = { country_code: string; secondary_location_info?: string | null; tax_number?: string | null };

/** A new buyer in `country` buys `ids` by card at `billing`; answers the order id. */
async function buy(country: string, ids: number[], billing: Billing): Promise<number> {
  const { client, id } = await kit.newBuyer(country);
  const info = await client.post(INFO, infoBody(ids, billing));
  expect(info.statusCode, info.body).toBe(200);
  const card = info.data.data.checkout_config.payment_methods.find(
    (method: { type: string }) => method.type === 'card',
  );
  const submitted = await client.post(
    SUBMIT,
    methodSubmit(
      ids,
      { method_id: card.method_id, vendor: card.vendor, type: 'card' },
      { payment_method_id: 'pm_card_visa' },
      billing as never,
    ),
  );
  expect(submitted.data.status, JSON.stringify(submitted.data)).toBe('succeeded');
  const [order] = await rows<{ id: number }>(
    sql`select id from orders where user_id = ${id} order by id desc limit 1`,
  );
  return Number(order!.id);
}

const day = (at: Date) => at.toISOString().slice(0, 10);

let finance: Awaited<ReturnType<typeof staffMember>>;
let readOnly: Awaited<ReturnType<typeof staffMember>>;
let owner: Awaited<ReturnType<typeof staffMember>>;
let from: string;
let to: string;
const orderIds: Record<'quebec' | 'seattle' | 'germany' | 'business', number> = {
  quebec: 0,
  seattle: 0,
  germany: 0,
  business: 0,
};

beforeAll(async () => {
  finance = await staffMember('finance');
  readOnly = await staffMember('read_only');
  owner = await staffMember('owner');
  orderIds.quebec = await buy('CA', [PAID_A], { country_code: 'CA', secondary_location_info: 'QC' });
  orderIds.seattle = await buy('US', [PAID_A, PAID_B], {
    country_code: 'US',
    secondary_location_info: '98101',
  });
  orderIds.germany = await buy('DE', [PAID_B], { country_code: 'DE' });
  orderIds.business = await buy('FR', [PAID_A], { country_code: 'FR', tax_number: 'FR40303265045' });
  // Staff refund the Québec order; the provider answers at once, the job finishes the rest.
  const refunded = await finance.client.post(`/api-2.0/admin/orders/${orderIds.quebec}/refunds/`, {
    line_ids: 'all',
    reason: 'Customer asked',
  });
  expect(refunded.statusCode, refunded.body).toBeLessThan(300);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [refund] = await rows<{ status: string }>(
      sql`select status from course_refunds where order_id = ${orderIds.quebec}`,
    );
    if (refund?.status === 'refunded') break;
    await main.server.queue.runDue();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Yesterday to tomorrow: the test may run across midnight (UTC).
  const now = main.server.clock.now();
  from = day(new Date(now.getTime() - DAY_MS));
  to = day(new Date(now.getTime() + DAY_MS));
}, 120_000);

/** Issues every invoice and credit note of the period not issued yet (as staff opening them). */
async function issueEveryDocument() {
  const start = `${from}T00:00:00Z`;
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  const missing = await rows<{ source: string; id: number }>(sql`
    select 'order' as source, o.id from orders o
      where o.status in ('completed', 'refunded') and o.total_amount + o.credit_amount > 0
        and coalesce(o.completed_at, o.created_at) >= ${start}::timestamptz
        and coalesce(o.completed_at, o.created_at) < ${end}::timestamptz
    union all
    select 'subscription_charge', c.id from subscription_charges c
      where c.status = 'succeeded' and c.amount <> 0
        and c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
    union all
    select 'refund', r.id from course_refunds r
      where r.status = 'refunded' and coalesce(r.completed_at, r.requested_at) >= ${start}::timestamptz
        and coalesce(r.completed_at, r.requested_at) < ${end}::timestamptz`);
  for (const { source, id } of missing) {
    const opened = await owner.client.get(`/api-2.0/admin/purchase-documents/${source}/${id}/`);
    expect(opened.statusCode, `${source} ${id}: ${opened.body}`).toBe(200);
  }
}

describe('GET /api-2.0/admin/tax-report/', () => {
  it('answers 401 to a visitor, 403 to a learner, the JSON to any staff member but not the files', async () => {
    const query = `?from=${from}&to=${to}`;
    expect((await createTestClient(main.server.app).get(`${TAX_REPORT}${query}`)).statusCode).toBe(401);
    const { client: learner } = await kit.newBuyer();
    expect((await learner.get(`${TAX_REPORT}${query}`)).statusCode).toBe(403);
    expect((await readOnly.client.get(`${TAX_REPORT}${query}`)).statusCode).toBe(200);
    expect((await readOnly.client.get(`${TAX_REPORT}${query}&format=csv`)).statusCode).toBe(403);
    expect((await readOnly.client.get(`${EXPORTS}orders/${query}`)).statusCode).toBe(403);
  });

  it('refuses bad periods with field errors', async () => {
    const refused = async (query: string, field: string) => {
      const response = await finance.client.get(`${TAX_REPORT}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.data.field_errors[field], query).toBeDefined();
      return response.data.field_errors[field][0] as string;
    };
    await refused('from=2026-02-30&to=2026-03-31', 'from');
    await refused('from=2026-01-01', 'to');
    expect(await refused('from=2026-03-02&to=2026-03-01', 'to')).toMatch(/on or after from/);
    expect(await refused('from=2025-01-01&to=2026-01-02', 'to')).toMatch(/366 days/);
    expect(await refused('from=2026-01-01&to=2026-03-30&format=oss', 'from')).toMatch(/calendar quarter/);
    await refused('from=2026-01-01&to=2026-03-31&format=pdf', 'format');
    const exportRefused = await finance.client.get(`${EXPORTS}orders/?from=2026-04-01&to=2026-03-01`);
    expect(exportRefused.statusCode).toBe(400);
    expect((await finance.client.get(`${EXPORTS}refunds/?from=2026-01-01&to=2026-01-02`)).statusCode).toBe(
      400,
    );
  });

  it('sums sales per jurisdiction, rate and tax, nets the refund and lists the reverse charge apart', async () => {
    await issueEveryDocument();
    const response = await readOnly.client.get(`${TAX_REPORT}?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.data as TaxReport;
    const jurisdiction = (code: string, currency: string) =>
      report.jurisdictions.find((row) => row.jurisdiction === code && row.currency === currency);

    const quebec = jurisdiction('CA-QC', 'CAD')!;
    expect(quebec).toMatchObject({ country: 'CA', region: 'QC', name: 'Canada, Quebec' });
    expect(quebec.refunds_count).toBeGreaterThanOrEqual(1);
    const gst = quebec.components.find((component) => component.name === 'GST')!;
    const qst = quebec.components.find((component) => component.name === 'QST')!;
    expect(gst).toMatchObject({ authority: 'CA', rate_percent: 5 });
    expect(qst).toMatchObject({ authority: 'CA-QC', rate_percent: 9.975 });
    expect(gst.sales.tax.amount + qst.sales.tax.amount).toBe(quebec.sales.tax.amount);
    expect(gst.refunds.tax.amount + qst.refunds.tax.amount).toBe(quebec.refunds.tax.amount);
    expect(quebec.net.tax.amount).toBe(quebec.sales.tax.amount - quebec.refunds.tax.amount);
    const [quebecOrder] = await rows<{ tax_amount: string }>(
      sql`select tax_amount from orders where id = ${orderIds.quebec}`,
    );
    expect(quebec.refunds.tax.amount).toBeGreaterThanOrEqual(Number(quebecOrder!.tax_amount));
    expect(quebec.rates.map((rate) => rate.rate_percent)).toContain(14.975);

    const washington = jurisdiction('US-WA', 'USD')!;
    expect(washington.name).toBe('United States, Washington');
    const authorities = washington.components.map((component) => component.authority);
    expect(authorities).toContain('US-WA');
    expect(authorities.some((authority) => authority.startsWith('US-WA-'))).toBe(true);
    expect(washington.components.reduce((sum, component) => sum + component.sales.tax.amount, 0)).toBe(
      washington.sales.tax.amount,
    );

    const germany = jurisdiction('DE', 'EUR')!;
    expect(germany.components).toEqual([
      expect.objectContaining({ name: 'VAT', authority: 'DE', rate_percent: 19 }),
    ]);
    expect(germany.sales.tax.amount).toBeGreaterThan(0);

    // The French business is not in the jurisdictions: it is listed apart, with its invoice.
    const business = report.reverse_charge.entries.find(
      (entry) => entry.source === 'order' && entry.source_id === orderIds.business,
    )!;
    expect(business).toMatchObject({ kind: 'sale', country: 'FR', buyer_tax_number: 'FR40303265045' });
    expect(business.document_number).toMatch(/^INV-/);
    expect(business.note).toMatch(/Article 196/);
    expect(
      report.reverse_charge.totals.find((total) => total.country === 'FR')!.count,
    ).toBeGreaterThanOrEqual(1);
    expect(
      report.jurisdictions.filter((row) => row.jurisdiction === 'FR').every((row) => row.sales_count >= 0),
    ).toBe(true);
  });

  it('totals per currency equal the invoices and credit notes issued for the period', async () => {
    await issueEveryDocument();
    const report = (await finance.client.get(`${TAX_REPORT}?from=${from}&to=${to}`)).data as TaxReport;
    const start = `${from}T00:00:00Z`;
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
    const documents = await rows<{
      currency: string;
      series: string;
      count: number;
      net: string;
      tax: string;
      gross: string;
    }>(sql`
      select currency, series, count(*)::int as count, sum((content->>'netTotal')::bigint)::text as net,
        sum((content->>'taxTotal')::bigint)::text as tax, sum(gross_total)::text as gross
      from purchase_documents
      where (content->>'suppliedAt')::timestamptz >= ${start}::timestamptz
        and (content->>'suppliedAt')::timestamptz < ${end}::timestamptz
      group by currency, series order by currency, series`);
    const expected = new Map<string, Record<string, number>>();
    for (const row of documents) {
      const entry = expected.get(row.currency) ?? {};
      const prefix = row.series === 'INV' ? 'invoice' : 'credit';
      entry[`${prefix}_count`] = Number(row.count);
      entry[`${prefix}_net`] = Number(row.net);
      entry[`${prefix}_tax`] = Number(row.tax);
      entry[`${prefix}_gross`] = Number(row.gross);
      expected.set(row.currency, entry);
    }
    expect(report.totals.map((total) => total.currency).sort()).toEqual([...expected.keys()].sort());
    for (const total of report.totals) {
      const sums = expected.get(total.currency)!;
      expect(
        {
          invoices: total.invoices,
          invoicedNet: total.sales.net.amount,
          invoicedTax: total.sales.tax.amount,
          invoiced: total.invoiced.amount,
          creditNotes: total.credit_notes,
          creditedNet: total.refunds.net.amount,
          creditedTax: total.refunds.tax.amount,
          credited: total.credited.amount,
        },
        total.currency,
      ).toEqual({
        invoices: sums.invoice_count ?? 0,
        invoicedNet: sums.invoice_net ?? 0,
        invoicedTax: sums.invoice_tax ?? 0,
        invoiced: sums.invoice_gross ?? 0,
        creditNotes: sums.credit_count ?? 0,
        creditedNet: sums.credit_net ?? 0,
        creditedTax: sums.credit_tax ?? 0,
        credited: sums.credit_gross ?? 0,
      });
      expect(total.balance.amount).toBe(total.invoiced.amount - total.credited.amount);
    }
    // Every currency's jurisdictions and reverse charges add up to its total.
    for (const total of report.totals) {
      const rowsOfCurrency = report.jurisdictions.filter((row) => row.currency === total.currency);
      const reverse = report.reverse_charge.totals.filter((row) => row.currency === total.currency);
      expect(
        rowsOfCurrency.reduce((sum, row) => sum + row.net.net.amount, 0) +
          reverse.reduce((sum, row) => sum + row.net.amount, 0),
      ).toBe(total.net.net.amount);
      expect(rowsOfCurrency.reduce((sum, row) => sum + row.net.tax.amount, 0)).toBe(total.net.tax.amount);
    }
  });

  it('downloads the report as CSV and the OSS return of a quarter, each audited', async () => {
    const csv = await finance.client.get(`${TAX_REPORT}?from=${from}&to=${to}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="tax-report-${from}-to-${to}.csv"`);
    expect(csv.body.startsWith('\uFEFFsection,jurisdiction,')).toBe(true);
    expect(csv.body).toMatch(/\r\ncomponent,CA-QC,"Canada, Quebec",CA,QC,CAD,QST,CA-QC,9\.975,,,\d+\.\d\d,/);
    expect(csv.body).toContain('\r\nreverse_charge,FR,France,FR,,EUR,INV-');

    const now = main.server.clock.now();
    const quarter = Math.floor(now.getUTCMonth() / 3);
    const quarterFrom = day(new Date(Date.UTC(now.getUTCFullYear(), quarter * 3, 1)));
    const quarterTo = day(new Date(Date.UTC(now.getUTCFullYear(), quarter * 3 + 3, 0)));
    const oss = await finance.client.get(`${TAX_REPORT}?from=${quarterFrom}&to=${quarterTo}&format=oss`);
    expect(oss.statusCode, oss.body).toBe(200);
    const period = `${now.getUTCFullYear()}-Q${quarter + 1}`;
    expect(oss.headers['content-disposition']).toBe(`attachment; filename="oss-return-${period}.csv"`);
    expect(oss.body).toMatch(
      new RegExp(`\\r\\nsupplies,${period},DE,Germany,SERVICES,STANDARD,19,EUR,\\d+\\.\\d\\d,\\d+\\.\\d\\d,`),
    );
    // Not EU (Canada, the US) and the reverse-charged business are not in it.
    expect(oss.body).not.toMatch(/,CA,|,US,|,FR,/);

    const audited = await rows<{ action: string; object_id: string; actor_id: number }>(
      sql`select action, object_id, actor_id from admin_audit_events
        where action = 'report.exported' and actor_id = ${finance.id} order by id`,
    );
    expect(audited.map((row) => row.object_id)).toEqual(
      expect.arrayContaining([`tax-report:${from}:${to}`, `oss:${period}`]),
    );
  });
});

describe('GET /api-2.0/admin/exports/{kind}/', () => {
  it('streams orders as CSV: BOM, RFC 4180, decimals, formula-safe, audited', async () => {
    const response = await finance.client.get(`${EXPORTS}orders/?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${from}-to-${to}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]!.startsWith('\uFEFForder_id,created_at,completed_at,status,')).toBe(true);
    expect(lines.at(-1)).toBe('');
    const quebec = lines.find((line) => line.startsWith(`${orderIds.quebec},`))!;
    expect(quebec).toMatch(/,CA,CAD,\d+\.\d\d,/);
    expect(quebec).toMatch(/,GST 5% \(CA\) \d+\.\d\d; QST 9\.975% \(CA-QC\) \d+\.\d\d,/);
    const business = lines.find((line) => line.startsWith(`${orderIds.business},`))!;
    expect(business).toContain(',true,FR40303265045,');
    expect(Number(response.headers['x-export-rows'])).toBe(lines.length - 2);
    // The `.csv` spelling of the kind works too.
    expect((await finance.client.get(`${EXPORTS}orders.csv/?from=${from}&to=${to}`)).statusCode).toBe(200);
    const [audit] = await rows<{ summary: string }>(
      sql`select summary from admin_audit_events where action = 'report.exported'
        and object_id = ${`export:orders:${from}:${to}`} order by id desc limit 1`,
    );
    expect(audit!.summary).toMatch(/^Downloaded the orders export/);
  });

  it('exports invoices, credit notes, subscriptions and customers', async () => {
    await issueEveryDocument();
    const invoices = await finance.client.get(`${EXPORTS}invoices/?from=${from}&to=${to}`);
    expect(invoices.statusCode).toBe(200);
    expect(invoices.body).toMatch(/\r\nINV-\d+,invoice,/);
    const credits = await finance.client.get(`${EXPORTS}credit-notes/?from=${from}&to=${to}`);
    expect(credits.body).toMatch(/\r\nCN-\d+,credit_note,[^\r]*,refund,\d+,INV-\d+,/);
    const longAgo = day(new Date(Date.parse(`${to}T00:00:00Z`) - 3_000 * DAY_MS));
    const subscriptions = await finance.client.get(`${EXPORTS}subscriptions/?from=${longAgo}&to=${to}`);
    expect(subscriptions.statusCode).toBe(200);
    expect(subscriptions.body.startsWith('\uFEFFsubscription_id,')).toBe(true);
    const customers = await finance.client.get(`${EXPORTS}customers/?from=${from}&to=${to}`);
    expect(customers.body).toContain(`\r\n${finance.id},`);
    expect(customers.body).toContain(finance.email);
  });

  it('a customer named like a formula is written as text', async () => {
    const { id } = await kit.newBuyer();
    await main.server.db.execute(
      sql`update users set name = '=HYPERLINK("http://x")', surname = '' where id = ${id}`,
    );
    const customers = await finance.client.get(`${EXPORTS}customers/?from=${from}&to=${to}`);
    const line = customers.body.split('\r\n').find((candidate) => candidate.startsWith(`${id},`))!;
    expect(line).toContain(`,"'=HYPERLINK(""http://x"")",`);
  });

  it('mails a large export as a link that downloads once signed in as its staff member, until it expires', async () => {
    const asked = await finance.client.get(`${EXPORTS}orders/?from=${from}&to=${to}&delivery=mail`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.data).toMatchObject({ status: 'queued', kind: 'orders', email: finance.email });
    const id = asked.data.id as string;
    const file = `/api-2.0/admin/export-files/${id}/`;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const [mail] = await rows<{ id: number }>(
        sql`select id from mail_outbox where dedupe_key = ${`admin_export:${id}`}`,
      );
      if (mail) break;
      await main.server.queue.runDue();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [mail] = await rows<{ recipient: string; subject: string; text: string }>(
      sql`select recipient, subject, text from mail_outbox where dedupe_key = ${`admin_export:${id}`}`,
    );
    expect(mail).toMatchObject({ recipient: finance.email, subject: 'Your orders export is ready' });
    expect(mail!.text).toContain(`/admin/exports/?file=${id}`);

    const direct = await finance.client.get(`${EXPORTS}orders/?from=${from}&to=${to}`);
    const downloaded = await finance.client.get(file);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="orders-${from}-to-${to}.csv"`,
    );
    expect(downloaded.body.split('\r\n')[0]).toBe(direct.body.split('\r\n')[0]);
    expect(downloaded.body.split('\r\n').length).toBeGreaterThanOrEqual(direct.body.split('\r\n').length - 1);
    // Another staff member (even an owner) and a visitor cannot.
    expect((await owner.client.get(file)).statusCode).toBe(404);
    expect((await createTestClient(main.server.app).get(file)).statusCode).toBe(401);
    await main.server.clock.advance(8 * DAY_MS);
    const expired = await finance.client.get(file);
    expect(expired.statusCode).toBe(410);
  });
});
