import {
  GUEST_EMAIL_TAKEN_MESSAGE,
  GUEST_EMAIL_WAITING_MESSAGE,
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
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { GUEST_CHECKOUT_PATHS } from './guest-checkout.routes.js';

const { ownedCourseIds } = createCheckoutKit(() => server);
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

const guestSubmit = (email: string, ids = [PAID_A]) => ({ ...cardTokenSubmit(ids), email });

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
      expect(visitor.jar.has('lectern_session')).toBe(false);
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

      // The device is signed in to the new account: the success page reads the receipt.
      const receipt = await visitor.get(
        `${GUEST_CHECKOUT_PATHS.result}?payment_attempt_id=${submit.data.data.payment_attempt_id}`,
      );
      expect(receipt.statusCode).toBe(200);
      const me = await visitor.get('/api-2.0/contexts/me/?me=True');
      expect(me.data.me).toMatchObject({ is_authenticated: true, email });

      // Another visitor cannot buy into it while its purchases wait for a password.
      const other = await createTestClient(server.app).post(
        GUEST_CHECKOUT_PATHS.submit,
        guestSubmit(email, [PAID_B]),
      );
      expect(other.statusCode).toBe(400);
      expect(other.data.field_errors).toEqual({ email: [GUEST_EMAIL_WAITING_MESSAGE] });

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

    it('reuses a guest account nothing was bought with (a declined card), and mails nothing for it', async () => {
      const email = `declined-${Date.now()}@example.com`;
      const first = createTestClient(server.app);
      const declined = await first.post(GUEST_CHECKOUT_PATHS.submit, {
        ...cardTokenSubmit([PAID_A], 'pm_card_chargeDeclined'),
        email,
      });
      expect(declined.data.status).toBe('failed');
      expect(await mailTo(email)).toEqual([]);
      const second = createTestClient(server.app);
      const paid = await second.post(GUEST_CHECKOUT_PATHS.submit, guestSubmit(email));
      expect(paid.data.status).toBe('succeeded');
      expect((await mailTo(email)).map((mail) => mail.kind)).toEqual(['guest_purchase_waiting']);
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
