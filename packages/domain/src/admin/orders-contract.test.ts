import { describe, expect, it } from 'vitest';
import {
  adminOrderSearchOf,
  adminOrdersQuerySchema,
  adminRefundsQuerySchema,
  staffRefundBodySchema,
  staffRefundLines,
} from './orders-contract.js';

describe('adminOrderSearchOf', () => {
  it('reads order numbers, card last 4, e-mails, provider ids and e-mail parts', () => {
    expect(adminOrderSearchOf('')).toEqual({});
    expect(adminOrderSearchOf(' #42 ')).toEqual({ orderId: 42 });
    expect(adminOrderSearchOf('4242')).toEqual({ orderId: 4242, cardLast4: '4242' });
    expect(adminOrderSearchOf('0042')).toEqual({ orderId: 42, cardLast4: '0042' });
    expect(adminOrderSearchOf('9999999999')).toEqual({});
    expect(adminOrderSearchOf('Ana@Example.com')).toEqual({ email: 'ana@example.com' });
    expect(adminOrderSearchOf('pi_3NfA0b2eZvKYlo2C')).toEqual({ paymentId: 'pi_3NfA0b2eZvKYlo2C' });
    expect(adminOrderSearchOf('Ana')).toEqual({ emailPart: 'ana' });
  });
});

describe('staffRefundLines', () => {
  const lines = [
    { lineId: 1, refusal: null },
    { lineId: 2, refusal: 'already_refunded' as const },
    { lineId: 3, refusal: 'nothing_to_refund' as const },
  ];

  it("'all' takes every line still refundable, and says why when none is", () => {
    expect(staffRefundLines(lines, 'all', false)).toEqual({ lineIds: [1] });
    expect(staffRefundLines(lines.slice(1), 'all', false)).toEqual({
      refusal: 'already_refunded',
      lineId: 2,
    });
    expect(staffRefundLines([], 'all', false)).toEqual({ refusal: 'nothing_to_refund', lineId: null });
  });

  it('chosen lines must all be refundable; the window only with allow_outside_window', () => {
    expect(staffRefundLines(lines, [1, 1], false)).toEqual({ lineIds: [1] });
    expect(staffRefundLines(lines, [1, 2], false)).toEqual({ refusal: 'already_refunded', lineId: 2 });
    expect(staffRefundLines(lines, [9], false)).toEqual({ refusal: 'unknown_line', lineId: 9 });
    const late = [
      { lineId: 1, refusal: 'refund_window_closed' as const },
      { lineId: 2, refusal: 'gift_redeemed' as const },
    ];
    expect(staffRefundLines(late, [1], false)).toEqual({ refusal: 'refund_window_closed', lineId: 1 });
    expect(staffRefundLines(late, [1], true)).toEqual({ lineIds: [1] });
    expect(staffRefundLines(late, 'all', false)).toEqual({ refusal: 'refund_window_closed', lineId: 1 });
    expect(staffRefundLines(late, 'all', true)).toEqual({ lineIds: [1] });
    expect(staffRefundLines(late, [2], true)).toEqual({ refusal: 'gift_redeemed', lineId: 2 });
  });
});

describe('admin orders and refunds queries', () => {
  it('reads filters, refuses bad ones with their field', () => {
    const query = adminOrdersQuerySchema.parse({
      country: 'de',
      code: ' spring25 ',
      from: '2026-01-01',
      to: '',
    });
    expect(query).toMatchObject({
      country: 'DE',
      code: 'SPRING25',
      from: '2026-01-01',
      sort: { field: 'created', descending: true },
    });
    expect(query.to).toBeUndefined();
    const bad = adminOrdersQuerySchema.safeParse({ from: '2026-02-30', status: 'lost', from2: 1 });
    expect(bad.success).toBe(false);
    const reversed = adminOrdersQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.error?.issues[0]?.path).toEqual(['to']);
    expect(adminRefundsQuerySchema.parse({}).status).toBe('attention');
    expect(adminRefundsQuerySchema.parse({ status: 'pending', older_than_minutes: '60' })).toMatchObject({
      status: 'pending',
      older_than_minutes: 60,
    });
  });

  it('a staff refund needs lines and a reason of 3 to 500 characters', () => {
    expect(staffRefundBodySchema.parse({ line_ids: 'all', reason: ' Late refund ' })).toEqual({
      line_ids: 'all',
      reason: 'Late refund',
      allow_outside_window: false,
    });
    expect(staffRefundBodySchema.safeParse({ line_ids: [], reason: 'ok!' }).success).toBe(false);
    expect(staffRefundBodySchema.safeParse({ line_ids: [1], reason: '  a ' }).success).toBe(false);
    expect(staffRefundBodySchema.safeParse({ line_ids: [1], reason: 'x'.repeat(501) }).success).toBe(false);
    expect(staffRefundBodySchema.safeParse({ line_ids: [2 ** 31], reason: 'valid' }).success).toBe(false);
    expect(staffRefundBodySchema.safeParse({ line_ids: 'all', reason: 'a\u0000bc' }).success).toBe(false);
    expect(staffRefundBodySchema.parse({ line_ids: 'all', reason: 'Line one\nline two' }).reason).toBe(
      'Line one\nline two',
    );
  });
});
