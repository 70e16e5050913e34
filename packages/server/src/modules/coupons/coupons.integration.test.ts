import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import { createCouponsService, type CouponsService } from './coupons.service.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let coupons: CouponsService;
beforeAll(async () => {
  server = await startTestServer();
  coupons = createCouponsService(server.db);
});
afterAll(() => server.stop());

let serial = 0;
const limited = async (usageLimit: number) => {
  serial += 1;
  const code = `LIMITED${serial}`;
  await coupons.create({ code, discount: { kind: 'percentage', percent: 25 }, usageLimit });
  return code;
};
const validityOf = async (code: string) =>
  (await coupons.evaluate([code], { includePublic: false })).byCode.get(code)?.validity;

describe('the demo coupons', () => {
  it('have the statuses the seed promises', async () => {
    const { byCode, available } = await coupons.evaluate(
      ['LECTERN10', 'EXPIRED2020', 'SOLDOUT', 'TYPESCRIPT50', 'SPRING1299', 'NOPE'],
      { includePublic: true },
    );
    expect(Object.fromEntries([...byCode].map(([code, coupon]) => [code, coupon.validity]))).toEqual({
      LECTERN10: 'valid',
      EXPIRED2020: 'expired',
      SOLDOUT: 'sold_out',
      TYPESCRIPT50: 'valid',
      SPRING1299: 'valid',
    });
    expect(byCode.get('TYPESCRIPT50')!.courseIds).toEqual(new Set([1]));
    expect(byCode.get('LECTERN10')!.courseIds).toBeNull();
    expect(available.map((coupon) => coupon.code)).toEqual(['LECTERN10']);
  });

  it('stores codes upper-cased, one per code', async () => {
    await coupons.create({ code: 'mixed.Case_1', discount: { kind: 'percentage', percent: 5 } });
    expect(await validityOf('MIXED.CASE_1')).toBe('valid');
    await expect(
      coupons.create({ code: 'MIXED.case_1', discount: { kind: 'percentage', percent: 5 } }),
    ).rejects.toThrow();
    await expect(
      coupons.create({ code: 'no', discount: { kind: 'percentage', percent: 5 } }),
    ).rejects.toThrow(RangeError);
  });

  it('is invalid before its start', async () => {
    await coupons.create({
      code: 'NOTYET',
      discount: { kind: 'percentage', percent: 5 },
      startsAt: new Date(Date.now() + 86_400_000),
    });
    expect(await validityOf('NOTYET')).toBe('invalid');
    expect(await coupons.reserve('NOTYET', null, 'r-notyet')).toEqual({
      ok: false,
      status: 'invalid',
      detail: 'NOTYET is invalid.',
    });
  });
});

describe('reservations', () => {
  it('gives the last use to exactly one of 20 concurrent checkouts', async () => {
    const code = await limited(3);
    await coupons.reserve(code, null, `${code}-a`);
    await coupons.reserve(code, null, `${code}-b`);
    expect(await coupons.consume(`${code}-b`)).toEqual({ ok: true, code });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => coupons.reserve(code, null, `${code}-race-${i}`)),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((result) => !result.ok)) {
      expect(loser).toEqual({
        ok: false,
        status: 'sold_out',
        detail: 'The coupon code entered has already been used.',
      });
    }
    expect(await validityOf(code)).toBe('sold_out');
    const rows = (await server.db.execute(
      sql`select count(*)::int as n from coupon_redemptions r join coupons c on c.id = r.coupon_id
          where c.code = ${code} and r.status <> 'released'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(3);
  });

  it('is idempotent per checkout reference', async () => {
    const code = await limited(1);
    const first = await coupons.reserve(code, null, `${code}-same`);
    const again = await coupons.reserve(code, null, `${code}-same`);
    expect(first.ok && again.ok).toBe(true);
    expect(await coupons.consume(`${code}-same`)).toEqual({ ok: true, code });
    expect(await coupons.consume(`${code}-same`)).toEqual({ ok: true, code });
    expect(await coupons.reserve(code, null, `${code}-same`)).toMatchObject({ ok: true });
    expect(await coupons.reserve(code, null, `${code}-other`)).toMatchObject({
      ok: false,
      status: 'sold_out',
    });
  });

  it('gives a use back on release', async () => {
    const code = await limited(1);
    expect(await coupons.reserve(code, null, `${code}-1`)).toMatchObject({ ok: true });
    expect(await coupons.reserve(code, null, `${code}-2`)).toMatchObject({ ok: false, status: 'sold_out' });
    expect(await coupons.release(`${code}-1`)).toBe(true);
    expect(await coupons.release(`${code}-1`)).toBe(false);
    expect(await coupons.reserve(code, null, `${code}-2`)).toMatchObject({ ok: true });
    expect(await coupons.consume(`${code}-1`)).toEqual({ ok: false, status: 'sold_out' });
  });

  it('stops counting a reservation once it expires; a late payment still gets the use if there is room', async () => {
    const code = await limited(1);
    expect(await coupons.reserve(code, null, `${code}-slow`, 1)).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await validityOf(code)).toBe('valid');
    expect(await coupons.expireStaleReservations()).toBeGreaterThanOrEqual(1);
    // Room left: the late payment consumes it.
    expect(await coupons.consume(`${code}-slow`)).toEqual({ ok: true, code });
    expect(await validityOf(code)).toBe('sold_out');

    const other = await limited(1);
    await coupons.reserve(other, null, `${other}-slow`, 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await coupons.reserve(other, null, `${other}-fast`)).toMatchObject({ ok: true });
    // No room: the late one is refused and nothing changes.
    expect(await coupons.consume(`${other}-slow`)).toEqual({ ok: false, status: 'sold_out' });
    expect(await coupons.consume('no-such-reference')).toEqual({ ok: false, status: 'not_found' });
  });

  it('reports an unknown or expired code', async () => {
    expect(await coupons.reserve('nosuchcode', null, 'r-unknown')).toMatchObject({
      ok: false,
      status: 'invalid',
    });
    expect(await coupons.reserve('EXPIRED2020', null, 'r-expired')).toEqual({
      ok: false,
      status: 'expired',
      detail: 'EXPIRED2020 is expired.',
    });
  });
});
