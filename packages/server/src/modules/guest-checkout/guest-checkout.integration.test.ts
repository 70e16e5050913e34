import {
  EMAIL_TAKEN_MESSAGE,
  GUEST_EMAIL_TAKEN_MESSAGE,
  PASSWORD_LINK_INVALID_MESSAGE,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import {
  PAID_A,
  PAID_B,
  cardTokenSubmit,
  createCheckoutKit,
  infoBody,
  intentOf,
  resultBody,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { answerHostedPage } from '../../test-support/payments-sandbox.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { GUEST_CHECKOUT_PATHS } from './guest-checkout.routes.js';

const { ownedCourseIds, orderCount } = createCheckoutKit(() => server);
let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_guest_test' }));
});
afterAll(() => close());

/** Every visitor in the guest-checkout arm (the seeded experiment, started at 100%). */
async function startGuestCheckout(): Promise<void> {
  await server.db.execute(sql`
    update experiments set status = 'running', started_at = now(), traffic_basis_points = 10000,
      variants = '[{"key": "guest_checkout", "weight": 1, "configuration": {"isEnabled": true}}]'::jsonb
    where feature_code = 'dac_on_checkout'`);
}

const guestSubmit = (email: string, ids = [PAID_A], card = 'pm_card_visa') => ({
  ...cardTokenSubmit(ids, card),
  email,
});

let devices = 0;
/** Another browser, from an address of its own (each guest submit counts as a signup there). */
const device = (): TestClient => {
  devices += 1;
  return createTestClient(server.app, { ip: `10.31.${Math.floor(devices / 200)}.${devices % 200}` });
};

/** Whether the device is signed in, as the web app asks. */
async function signedInAs(client: TestClient): Promise<string | null> {
  const me = (await client.get('/api-2.0/contexts/me/?me=True')).data.me;
  return me.is_authenticated ? (me.email as string) : null;
}

/** A route only the account's own sessions reach (the purchase history: card brand and last 4). */
const PRIVATE = '/purchase-history/purchase-history-data/?data_type=courses';

const receiptOf = (client: TestClient, attemptId: string) =>
  client.get(`${GUEST_CHECKOUT_PATHS.result}?payment_attempt_id=${attemptId}`);
const attemptPath = (attemptId: string) =>
  GUEST_CHECKOUT_PATHS.attempt.replace(':paymentAttemptId', attemptId);

async function userByEmail(email: string) {
  const [row] = rowsOf<{ id: number; guest_since: Date | null }>(
    await server.db.execute(sql`select id, guest_since from users where email = ${email}`),
  );
  return row ? { id: Number(row.id), guestSince: row.guest_since } : null;
}

async function mailTo(email: string) {
  const rows = rowsOf<{ kind: string; subject: string; text: string }>(
    await server.db.execute(
      sql`select kind, subject, text from mail_outbox where recipient = ${email} order by id`,
    ),
  );
  return rows;
}

const tokenIn = (text: string) => /\/join\/set-password\/\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('guest ("dac") checkout', () => {
  it('is refused to visitors outside the experiment, before anything is made', async () => {
    const visitor = createTestClient(server.app);
    const info = await visitor.post(GUEST_CHECKOUT_PATHS.info, infoBody([PAID_A]));
    expect(info.statusCode).toBe(403);
    expect(info.data.code).toBe('guest_checkout_unavailable');
    const submit = await visitor.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit('outside@example.com'));
    expect(submit.statusCode).toBe(403);
    expect(await userByEmail('outside@example.com')).toBeNull();
  });

  describe('in the experiment', () => {
    beforeAll(startGuestCheckout);

    it('prices a visitor’s order with their cart’s codes, billing in the price country', async () => {
      const visitor = createTestClient(server.app);
      const cart = await visitor.get('/api-2.0/shopping-carts/me/');
      const applied = await visitor.post(
        '/api-2.0/shopping-carts/me/discounts/',
        { codes: ['LECTERN10'] },
        { headers: { 'if-match': String(cart.headers.etag) } },
      );
      expect(applied.statusCode).toBe(200);
      const info = await visitor.post(GUEST_CHECKOUT_PATHS.info, infoBody([PAID_A]));
      expect(info.statusCode).toBe(200);
      const summary = info.data.data.order_summary;
      expect(summary.discount.amount).toBeGreaterThan(0);
      expect(info.data.data.billing_config.country).toBe('US');
      expect(info.data.data.checkout_config.credit_is_usable).toBe(false);

      const brazil = createTestClient(server.app);
      brazil.jar.set('price_country', 'BR');
      const inBrazil = await brazil.post(GUEST_CHECKOUT_PATHS.info, infoBody([PAID_A]));
      expect(inBrazil.data.data.billing_config.country).toBe('BR');
      expect(inBrazil.data.data.order_summary.total.currency).toBe('BRL');
    });

    it('refuses a bad or taken e-mail with a field error, and makes no account', async () => {
      const visitor = createTestClient(server.app);
      const bad = await visitor.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit('not-an-email'));
      expect(bad.statusCode).toBe(400);
      expect(bad.data.field_errors).toEqual({ email: ['Enter a valid email address.'] });
      const taken = await visitor.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit('learner@example.com'));
      expect(taken.statusCode).toBe(400);
      expect(taken.data.field_errors).toEqual({ email: [GUEST_EMAIL_TAKEN_MESSAGE] });
      expect(visitor.jar.has('sessionid')).toBe(false);
      expect(visitor.jar.has('dac_attempt')).toBe(false);
    });

    it('buys with an e-mail only: the account holds the courses, the buyer is mailed a link to set a password', async () => {
      const email = `guest-${Date.now()}@example.com`;
      const visitor = createTestClient(server.app);
      const submit = await visitor.post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email.toUpperCase(), [PAID_A, PAID_B]),
      );
      expect(submit.statusCode, submit.body).toBe(200);
      expect(submit.data.status).toBe('succeeded');
      const account = await userByEmail(email);
      expect(account?.guestSince).not.toBeNull();
      expect(await ownedCourseIds(visitor)).toEqual(expect.arrayContaining([PAID_A, PAID_B]));

      // The account is new, made by this very submit, and paid: the device is signed in to it.
      const receipt = await receiptOf(visitor, submit.data.data.payment_attempt_id);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.data.order.lines).toHaveLength(2);
      expect(await signedInAs(visitor)).toBe(email);

      const [mail] = await mailTo(email);
      expect(mail).toMatchObject({ kind: 'guest_purchase_waiting' });
      const token = tokenIn(mail!.text)!;
      expect(token).toBeDefined();

      // The link sets the password once; the account is then an ordinary one.
      const elsewhere = createTestClient(server.app);
      const weak = await elsewhere.post('/api-2.0/auth/set-password/', { token, password: 'short' });
      expect(weak.statusCode).toBe(400);
      const set = await elsewhere.post('/api-2.0/auth/set-password/', {
        token,
        password: 'a-new-password-42',
      });
      expect(set.statusCode).toBe(200);
      expect(set.data.me.email).toBe(email);
      expect((await userByEmail(email))?.guestSince).toBeNull();
      const again = await createTestClient(server.app).post('/api-2.0/auth/set-password/', {
        token,
        password: 'another-password-42',
      });
      expect(again.statusCode).toBe(400);
      expect(again.data.field_errors).toEqual({ token: [PASSWORD_LINK_INVALID_MESSAGE] });
      const login = await createTestClient(server.app).post('/api-2.0/auth/login/', {
        email,
        password: 'a-new-password-42',
      });
      expect(login.statusCode).toBe(200);
    });

    it('a stranger who gives a victim’s e-mail first sees nothing of what the victim buys with it', async () => {
      const email = `victim-${Date.now()}@example.com`;

      // The stranger checks out first with the victim's address and a declined card.
      const stranger = device();
      const declined = await stranger.post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email, [PAID_A], 'pm_card_chargeDeclined'),
      );
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.data.status).toBe('failed');
      const account = await userByEmail(email);
      expect(account?.guestSince).not.toBeNull();
      // Not signed in to the account, only allowed to read its own attempt.
      expect(stranger.jar.has('sessionid')).toBe(false);
      expect(await signedInAs(stranger)).toBeNull();
      const ownAttempt = await receiptOf(stranger, declined.data.data.payment_attempt_id);
      expect(ownAttempt.statusCode).toBe(200);
      expect(ownAttempt.data).toMatchObject({ status: 'failed', order: null });
      expect(await mailTo(email)).toEqual([]);

      // The victim pays with the same e-mail on their own device: the order waits in the account.
      const victim = device();
      const paid = await victim.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email, [PAID_B]));
      expect(paid.data.status).toBe('succeeded');
      const attemptId = paid.data.data.payment_attempt_id as string;
      expect(await orderCount(account!.id)).toBe(1);
      // The account existed before this submit: its device is not signed in either, yet it
      // reads its own receipt through the attempt pass.
      expect(await signedInAs(victim)).toBeNull();
      const receipt = await receiptOf(victim, attemptId);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.data.order.lines.map((line: { buyable: { id: number } }) => line.buyable.id)).toEqual([
        PAID_B,
      ]);
      expect((await victim.get(PRIVATE)).statusCode).toBe(401);
      expect((await mailTo(email)).map((mail) => mail.kind)).toEqual(['guest_purchase_waiting']);

      // The stranger's device sees neither the order, its card nor the course.
      expect(await signedInAs(stranger)).toBeNull();
      expect((await receiptOf(stranger, attemptId)).statusCode).toBe(404);
      expect((await stranger.patch(attemptPath(attemptId), resultBody('pi_x'))).statusCode).toBe(404);
      expect((await stranger.get(PRIVATE)).statusCode).toBe(401);
      expect((await stranger.get('/api-2.0/users/me/subscribed-courses/')).statusCode).toBe(401);
      // Its own attempt, still: nothing of the account came with it.
      expect((await receiptOf(stranger, declined.data.data.payment_attempt_id)).data.order).toBeNull();
      // A visitor without a pass is told to sign in; a forged pass is no pass.
      expect((await receiptOf(device(), attemptId)).statusCode).toBe(401);
      const forger = device();
      forger.jar.set('dac_attempt', stranger.jar.get('dac_attempt')!.replace(/^[^.]+/, 'W1tdXQ'));
      expect((await receiptOf(forger, attemptId)).statusCode).toBe(401);
    });

    it('a password set from the mailed link ends every other session of the account', async () => {
      const email = `sessions-${Date.now()}@example.com`;
      // The device that made the account and paid is signed in to it.
      const maker = device();
      const paid = await maker.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email, [PAID_A]));
      expect(paid.data.status).toBe('succeeded');
      // Resolved twice: the second answer comes from the instance's session cache.
      expect((await maker.get(PRIVATE)).statusCode).toBe(200);
      expect((await maker.get(PRIVATE)).statusCode).toBe(200);
      const [token] = (await mailTo(email)).map((mail) => tokenIn(mail.text)!);

      // The owner sets a password from the link on a phone: the maker's session dies at once.
      const phone = device();
      const set = await phone.post('/api-2.0/auth/set-password/', { token, password: 'owner-password-42' });
      expect(set.statusCode).toBe(200);
      expect((await maker.get(PRIVATE)).statusCode).toBe(401);
      // The device that set it is signed in with a session of its own, and a login works.
      expect((await phone.get(PRIVATE)).statusCode).toBe(200);
      expect(await signedInAs(phone)).toBe(email);
      const laptop = device();
      await laptop.login(email, 'owner-password-42');
      expect((await laptop.get(PRIVATE)).statusCode).toBe(200);
    });

    it('a password set from one mailed link spends the account’s other links', async () => {
      const email = `links-${Date.now()}@example.com`;
      // Two purchases, two mailed links.
      for (const id of [PAID_A, PAID_B]) {
        expect((await device().post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email, [id]))).data.status).toBe(
          'succeeded',
        );
      }
      const [first, second] = (await mailTo(email)).map((mail) => tokenIn(mail.text)!);
      expect(second).toBeDefined();
      const owner = device();
      expect(
        (await owner.post('/api-2.0/auth/set-password/', { token: first, password: 'owner-password-42' }))
          .statusCode,
      ).toBe(200);
      // The other link, still lying in the mailbox, chooses no other password.
      const stale = await device().post('/api-2.0/auth/set-password/', {
        token: second,
        password: 'someone-elses-43',
      });
      expect(stale.statusCode).toBe(400);
      expect((await owner.get(PRIVATE)).statusCode).toBe(200);
      await device().login(email, 'owner-password-42');
    });

    it('3-D Secure for an existing guest address completes for the paying device only', async () => {
      const email = `three-d-${Date.now()}@example.com`;
      const earlier = device();
      const first = await earlier.post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email, [PAID_A], 'pm_card_chargeDeclined'),
      );
      expect(first.data.status).toBe('failed');

      // 4000 0000 0000 3220.
      const payer = device();
      const submit = await payer.post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email, [PAID_A], 'pm_card_threeDSecure2Required'),
      );
      expect(submit.data.status).toBe('action_required');
      const { client_secret: secret, payment_attempt_id: attemptId, action_data: action } = submit.data.data;
      await answerHostedPage(action.url, 'complete');

      // Nobody else may send the outcome: no pass (401), another attempt's pass (404).
      expect((await device().patch(attemptPath(attemptId), resultBody(intentOf(secret)))).statusCode).toBe(
        401,
      );
      expect((await earlier.patch(attemptPath(attemptId), resultBody(intentOf(secret)))).statusCode).toBe(
        404,
      );

      const result = await payer.patch(attemptPath(attemptId), resultBody(intentOf(secret)));
      expect(result.statusCode, result.body).toBe(200);
      expect(result.data.status).toBe('succeeded');
      expect(await signedInAs(payer)).toBeNull();
      const receipt = await receiptOf(payer, attemptId);
      expect(receipt.data).toMatchObject({ status: 'succeeded', order: { id: expect.any(Number) } });
      expect((await mailTo(email)).map((mail) => mail.kind)).toEqual(['guest_purchase_waiting']);
    });

    it('3-D Secure for a new address signs the device in once the payment succeeded', async () => {
      const email = `three-d-new-${Date.now()}@example.com`;
      const payer = device();
      const submit = await payer.post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email, [PAID_A], 'pm_card_threeDSecure2Required'),
      );
      expect(submit.data.status).toBe('action_required');
      expect(await signedInAs(payer)).toBeNull();
      const { client_secret: secret, payment_attempt_id: attemptId, action_data: action } = submit.data.data;
      await answerHostedPage(action.url, 'complete');
      const result = await payer.patch(attemptPath(attemptId), resultBody(intentOf(secret)));
      expect(result.data.status).toBe('succeeded');
      expect(await signedInAs(payer)).toBe(email);
      expect(await ownedCourseIds(payer)).toContain(PAID_A);
    });

    it('a device that made the account is not signed in once another checkout used it', async () => {
      const email = `overtaken-${Date.now()}@example.com`;
      // The maker's payment waits for 3-D Secure while someone else buys with the address.
      const maker = device();
      const pending = await maker.post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email, [PAID_A], 'pm_card_threeDSecure2Required'),
      );
      expect(pending.data.status).toBe('action_required');
      const other = await device().post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email, [PAID_B]));
      expect(other.data.status).toBe('succeeded');

      const { client_secret: secret, payment_attempt_id: attemptId, action_data: action } = pending.data.data;
      await answerHostedPage(action.url, 'complete');
      const result = await maker.patch(attemptPath(attemptId), resultBody(intentOf(secret)));
      expect(result.data.status).toBe('succeeded');
      expect(await signedInAs(maker)).toBeNull();
      expect((await receiptOf(maker, other.data.data.payment_attempt_id)).statusCode).toBe(404);
    });

    it('a device signed in to the account it made loses that session when another checkout uses it', async () => {
      const email = `signed-out-${Date.now()}@example.com`;
      const maker = device();
      const paid = await maker.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email, [PAID_A]));
      expect(paid.data.status).toBe('succeeded');
      expect((await maker.get(PRIVATE)).statusCode).toBe(200);
      expect((await maker.get(PRIVATE)).statusCode).toBe(200);

      const other = await device().post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email, [PAID_B]));
      expect(other.data.status).toBe('succeeded');
      expect((await maker.get(PRIVATE)).statusCode).toBe(401);
      expect(await signedInAs(maker)).toBeNull();
      expect((await receiptOf(maker, other.data.data.payment_attempt_id)).statusCode).toBe(404);
      // Its own receipt still reads through its pass.
      expect((await receiptOf(maker, paid.data.data.payment_attempt_id)).statusCode).toBe(200);
    });

    it('a signup with a guest account’s e-mail is refused: the account is claimed by its mailed link', async () => {
      const email = `claimed-${Date.now()}@example.com`;
      expect((await device().post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email))).data.status).toBe(
        'succeeded',
      );
      const taker = device();
      const signup = await taker.post('/api-2.0/auth/signup/', {
        name: 'Taker',
        email,
        password: 'taker-password-42',
      });
      expect(signup.statusCode).toBe(400);
      expect(signup.data.field_errors).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });
      expect(await signedInAs(taker)).toBeNull();
      const login = await taker.post('/api-2.0/auth/login/', { email, password: 'taker-password-42' });
      expect(login.statusCode).toBe(400);
    });

    it('sends a signed-in buyer to the ordinary checkout', async () => {
      const learner: TestClient = createTestClient(server.app);
      await learner.login('learner@example.com');
      const info = await learner.post(GUEST_CHECKOUT_PATHS.info, infoBody([PAID_A]));
      expect(info.statusCode).toBe(409);
      expect(info.data.code).toBe('signed_in');
    });
  });
});
