import { GIFT_REDEEM_PATH, GIFT_REDEEM_REFUSALS, PURCHASE_HISTORY_PATHS, refundPath } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import {
  cardTokenSubmit,
  createCheckoutKit,
  PAID_A,
  PAID_B,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox, type ServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { MAIL_HELD_UNTIL } from '../mail/mail-outbox.js';

const SUBMIT = '/payment/checkout-submit/';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: LecternServer & { stop(): Promise<void> };
let sandbox: ServerWithSandbox['sandbox'];
let close: () => Promise<void>;
const { newBuyer, ownedCourseIds } = createCheckoutKit(() => server);

beforeAll(async () => {
  ({ server, sandbox, close } = await startServerWithSandbox({ webhookSecret: 'whsec_gifts_test' }));
});
afterAll(() => close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));

interface GiftInput {
  recipient_email: string;
  recipient_name?: string;
  message?: string;
  deliver_on?: string;
}

/** A card submit of the buyer's own courses and gifts (`gift` items carry their details when given). */
function giftSubmit(own: number[], gifts: { courseId: number; gift?: GiftInput }[]) {
  const body = cardTokenSubmit(own);
  return {
    ...body,
    shopping_info: {
      items: [
        ...body.shopping_info.items,
        ...gifts.map(({ courseId, gift }) => ({
          buyable: { id: courseId, buyable_object_type: 'gift' as const },
          ...(gift ? { gift } : {}),
        })),
      ],
    },
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
let recipientCounter = 0;
const newRecipientEmail = () => `gift-recipient-${Date.now()}-${++recipientCounter}@example.com`;

async function giftMailTo(email: string) {
  const [mail] = await rows<{ subject: string; text: string; send_after: Date | string; status: string }>(
    sql`select subject, text, send_after, status from mail_outbox where recipient = ${email} and kind = 'gift_received'`,
  );
  if (!mail) return null;
  const code = /\/gift\/redeem\/\?code=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  return { ...mail, sendAfter: new Date(mail.send_after), code: code! };
}

/** A signed-up account that will receive gifts. */
async function newRecipient(): Promise<{ client: TestClient; id: number }> {
  return newBuyer('US');
}

const history = async (client: TestClient) =>
  (await client.get(`${PURCHASE_HISTORY_PATHS.data}?data_type=courses&page_number=1`)).data.results[0];

describe('buying a gift', () => {
  it('needs who it is for: a 400 naming each field, and nothing is charged', async () => {
    const { client, id } = await newBuyer();
    const missing = await client.post(SUBMIT, giftSubmit([], [{ courseId: PAID_A }]));
    expect(missing.statusCode).toBe(400);
    expect(missing.data.field_errors).toEqual({
      'shopping_info.items.0.gift.recipient_email': [
        'Enter the e-mail address of the person the gift is for.',
      ],
    });
    const wrong = await client.post(
      SUBMIT,
      giftSubmit(
        [PAID_B],
        [
          {
            courseId: PAID_A,
            gift: { recipient_email: 'nobody', message: 'x'.repeat(501), deliver_on: '2020-01-01' },
          },
        ],
      ),
    );
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.data.field_errors).sort()).toEqual([
      'shopping_info.items.1.gift.deliver_on',
      'shopping_info.items.1.gift.message',
      'shopping_info.items.1.gift.recipient_email',
    ]);
    const ownWithGift = cardTokenSubmit([PAID_B]);
    const stray = await client.post(SUBMIT, {
      ...ownWithGift,
      shopping_info: {
        items: [{ ...ownWithGift.shopping_info.items[0], gift: { recipient_email: 'a@example.com' } }],
      },
    });
    expect(stray.data.field_errors).toEqual({
      'shopping_info.items.0.gift': ['Only a gift has a recipient.'],
    });
    expect(await rows(sql`select 1 from payment_attempts where user_id = ${id}`)).toHaveLength(0);
  });

  it("is paid with the buyer's own courses: they learn theirs, the recipient's mail goes out at once", async () => {
    const { client, id } = await newBuyer();
    const email = newRecipientEmail();
    const info = await client.post('/payment/checkout-info/', {
      requested_configs: ['checkout_config'],
      shopping_info: {
        items: [
          { buyable: { id: PAID_B, buyable_object_type: 'course' } },
          { buyable: { id: PAID_A, buyable_object_type: 'gift' } },
        ],
      },
      checkout_environment: 'Marketplace',
      checkout_event: 'Info',
      billing_address: { country_code: 'US', secondary_location_info: '98101' },
    });
    expect(info.statusCode).toBe(200);
    expect(info.data.data.order_summary.lines.map((line: { buyable: unknown }) => line.buyable)).toEqual([
      { id: PAID_B, buyable_object_type: 'course' },
      { id: PAID_A, buyable_object_type: 'gift' },
    ]);
    const submitted = await client.post(
      SUBMIT,
      giftSubmit(
        [PAID_B],
        [
          {
            courseId: PAID_A,
            gift: { recipient_email: ` ${email.toUpperCase()} `, recipient_name: 'Ana', message: 'Enjoy!' },
          },
        ],
      ),
    );
    expect(submitted.data.status).toBe('succeeded');
    expect(await ownedCourseIds(client)).toEqual([PAID_B]);
    const lines = await rows<{ course_id: number; buyable_type: string }>(
      sql`select l.course_id, l.buyable_type from order_lines l join orders o on o.id = l.order_id
          where o.user_id = ${id} order by l.id`,
    );
    expect(lines).toEqual([
      { course_id: PAID_B, buyable_type: 'course' },
      { course_id: PAID_A, buyable_type: 'gift' },
    ]);
    const mail = await giftMailTo(email);
    expect(mail).not.toBeNull();
    expect(mail!.subject).toMatch(/sent you a course: /);
    expect(mail!.text).toContain('Enjoy!');
    expect(mail!.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
    // Only the hash of the link is kept.
    const [gift] = await rows<{ code_hash: string; recipient_email: string }>(
      sql`select code_hash, recipient_email from gifts where buyer_id = ${id}`,
    );
    expect(gift!.recipient_email).toBe(email);
    expect(gift!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(gift!.code_hash).not.toContain(mail!.code);

    const row = await history(client);
    const giftLine = row.courses.find((line: { gift: unknown }) => line.gift !== null);
    expect(giftLine.gift).toMatchObject({
      recipient_email: email,
      recipient_name: 'Ana',
      status: 'delivered',
    });
    expect(row.courses.find((line: { gift: unknown }) => line.gift === null).course.id).toBe(PAID_B);

    // The success page's receipt names the gift's recipient; the buyer's own course has none.
    const receipt = await client.get(
      `/payment/checkout-result/?payment_attempt_id=${submitted.data.data.payment_attempt_id}`,
    );
    expect(receipt.data.order.lines).toMatchObject([
      { buyable: { id: PAID_B, buyable_object_type: 'course' } },
      {
        buyable: { id: PAID_A, buyable_object_type: 'gift' },
        gift: { recipient_email: email, recipient_name: 'Ana', scheduled: false },
      },
    ]);
    expect(receipt.data.order.lines[0].gift).toBeUndefined();
  });

  it('may be a course the buyer owns, and the same course again for someone else', async () => {
    const { client } = await newBuyer();
    expect((await client.post(SUBMIT, cardTokenSubmit([PAID_A]))).data.status).toBe('succeeded');
    for (const email of [newRecipientEmail(), newRecipientEmail()]) {
      const submitted = await client.post(
        SUBMIT,
        giftSubmit([], [{ courseId: PAID_A, gift: { recipient_email: email } }]),
      );
      expect(submitted.data.status).toBe('succeeded');
      expect(await giftMailTo(email)).not.toBeNull();
    }
    expect(await ownedCourseIds(client)).toEqual([PAID_A]);
  });

  it('waits for its delivery date: the mail is due at 08:00 that day in the buyer’s time zone', async () => {
    const { client } = await newBuyer();
    expect((await client.patch('/api-2.0/users/me/', { time_zone: 'Asia/Tokyo' })).statusCode).toBe(200);
    const email = newRecipientEmail();
    const deliverOn = isoDate(new Date(Date.now() + 10 * DAY_MS));
    const submitted = await client.post(
      SUBMIT,
      giftSubmit([], [{ courseId: PAID_A, gift: { recipient_email: email, deliver_on: deliverOn } }]),
    );
    expect(submitted.data.status).toBe('succeeded');
    const mail = await giftMailTo(email);
    // 08:00 in Tokyo is 23:00 UTC the day before.
    const dayBefore = isoDate(new Date(Date.parse(`${deliverOn}T00:00:00Z`) - DAY_MS));
    expect(mail!.sendAfter.toISOString()).toBe(`${dayBefore}T23:00:00.000Z`);
    expect((await history(client)).courses[0].gift).toMatchObject({
      status: 'scheduled',
      recipient_email: email,
    });
    const receipt = await client.get(
      `/payment/checkout-result/?payment_attempt_id=${submitted.data.data.payment_attempt_id}`,
    );
    expect(receipt.data.order.lines[0].gift).toEqual({
      recipient_email: email,
      recipient_name: null,
      deliver_at: `${dayBefore}T23:00:00.000Z`,
      scheduled: true,
    });
  });
});

describe('redeeming a gift', () => {
  async function boughtGift(message = 'From me to you') {
    const buyer = await newBuyer();
    const email = newRecipientEmail();
    const submitted = await buyer.client.post(
      SUBMIT,
      giftSubmit([], [{ courseId: PAID_A, gift: { recipient_email: email, message } }]),
    );
    expect(submitted.data.status).toBe('succeeded');
    const mail = await giftMailTo(email);
    return { buyer, email, code: mail!.code };
  }

  it('shows the gift to whoever holds the link, and adds the course to the account that redeems it, once', async () => {
    const { buyer, code } = await boughtGift();
    const visitor = createTestClient(server.app);
    const preview = await visitor.get(`${GIFT_REDEEM_PATH}?code=${code}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toContain('no-store');
    expect(preview.data).toMatchObject({
      course: { id: PAID_A },
      message: 'From me to you',
      status: 'redeemable',
      redeemed_by_you: false,
    });
    expect(preview.data.from_name).toMatch(/^Buyer /);
    expect((await visitor.post(GIFT_REDEEM_PATH, { code })).statusCode).toBe(401);

    const recipient = await newRecipient();
    const redeemed = await recipient.client.post(GIFT_REDEEM_PATH, { code });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.data.courseId).toBe(PAID_A);
    expect(await ownedCourseIds(recipient.client)).toEqual([PAID_A]);
    expect(
      await rows(sql`select 1 from enrollments where user_id = ${recipient.id} and source = 'gift'`),
    ).toHaveLength(1);
    // Again by the same account: nothing more happens.
    expect((await recipient.client.post(GIFT_REDEEM_PATH, { code })).statusCode).toBe(200);
    expect((await recipient.client.get(`${GIFT_REDEEM_PATH}?code=${code}`)).data).toMatchObject({
      status: 'redeemed',
      redeemed_by_you: true,
    });
    // Anyone else: refused.
    const other = await newRecipient();
    const late = await other.client.post(GIFT_REDEEM_PATH, { code });
    expect(late.statusCode).toBe(409);
    expect(late.data).toMatchObject({ code: 'gift_redeemed', detail: GIFT_REDEEM_REFUSALS.gift_redeemed });
    expect(await ownedCourseIds(other.client)).toEqual([]);
    // The buyer is told, and can no longer refund it.
    const [buyerRow] = await rows<{ email: string }>(sql`select email from users where id = ${buyer.id}`);
    expect(
      await rows(
        sql`select 1 from mail_outbox where recipient = ${buyerRow!.email} and kind = 'gift_redeemed'`,
      ),
    ).toHaveLength(1);
    const line = (await history(buyer.client)).courses[0];
    expect(line.gift.status).toBe('redeemed');
    expect(line.refund_refusal).toBe('gift_redeemed');
    const refused = await buyer.client.post(refundPath(line.id), { reason: 'other' });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.code).toBe('gift_redeemed');
  });

  it('refuses unknown links (404), bad ones (400) and a recipient who owns the course (409, the gift stays)', async () => {
    const client = (await newRecipient()).client;
    expect((await client.get(`${GIFT_REDEEM_PATH}?code=${'A'.repeat(43)}`)).statusCode).toBe(404);
    const unknown = await client.post(GIFT_REDEEM_PATH, { code: 'B'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.code).toBe('gift_not_found');
    const bad = await client.post(GIFT_REDEEM_PATH, { code: 'not a code!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.field_errors.code).toEqual([GIFT_REDEEM_REFUSALS.gift_not_found]);

    const { code } = await boughtGift();
    const owner = await newRecipient();
    expect((await owner.client.post(SUBMIT, cardTokenSubmit([PAID_A]))).data.status).toBe('succeeded');
    const owned = await owner.client.post(GIFT_REDEEM_PATH, { code });
    expect(owned.statusCode).toBe(409);
    expect(owned.data.code).toBe('gift_already_owned');
    expect((await owner.client.get(`${GIFT_REDEEM_PATH}?code=${code}`)).data.status).toBe('redeemable');
  });

  it('a refund of an unredeemed gift goes back to the buyer, voids the link and holds back its mail', async () => {
    const buyer = await newBuyer();
    const email = newRecipientEmail();
    const deliverOn = isoDate(new Date(Date.now() + 5 * DAY_MS));
    expect(
      (
        await buyer.client.post(
          SUBMIT,
          giftSubmit(
            [PAID_B],
            [{ courseId: PAID_A, gift: { recipient_email: email, deliver_on: deliverOn } }],
          ),
        )
      ).data.status,
    ).toBe('succeeded');
    const { code } = (await giftMailTo(email))!;
    const row = await history(buyer.client);
    const line = row.courses.find((candidate: { gift: unknown }) => candidate.gift !== null);
    const quote = await buyer.client.get(refundPath(line.id));
    expect(quote.data).toMatchObject({
      refund_refusal: null,
      gift: { recipient_email: email, status: 'scheduled' },
    });
    expect(quote.data.refund_to[0]).toMatchObject({ kind: 'original_method', amount: line.price });
    const refunded = await buyer.client.post(refundPath(line.id), { reason: 'other' });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.data.status).toBe('refunded');
    // The money went back through the provider; the buyer keeps the course they bought for themselves.
    const payment = await rows<{ gateway_payment_id: string }>(
      sql`select gateway_payment_id from orders where id = ${row.id}`,
    );
    const providerRefunds = await fetch(
      `${sandbox.url}/v1/refunds?payment_intent=${payment[0]!.gateway_payment_id}`,
      { headers: { authorization: `Bearer ${sandbox.secretKey}` } },
    ).then((response) => response.json() as Promise<{ data: { amount: number; status: string }[] }>);
    expect(providerRefunds.data).toEqual([
      expect.objectContaining({ amount: line.price.amount, status: 'succeeded' }),
    ]);
    expect(await ownedCourseIds(buyer.client)).toEqual([PAID_B]);
    expect((await giftMailTo(email))!.sendAfter).toEqual(MAIL_HELD_UNTIL);
    const recipient = await newRecipient();
    const redeem = await recipient.client.post(GIFT_REDEEM_PATH, { code });
    expect(redeem.statusCode).toBe(409);
    expect(redeem.data.code).toBe('gift_refunded');
    expect(
      (await history(buyer.client)).courses.find((c: { id: number }) => c.id === line.id).gift.status,
    ).toBe('refunded');
  });
});
