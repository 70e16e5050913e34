import {
  emailAddressSchema,
  FEATURE_CODES,
  GUEST_EMAIL_TAKEN_MESSAGE,
  isFeatureEnabled,
  type CheckoutInfoRequest,
  type CheckoutInfoResponse,
  type CheckoutReceipt,
  type CheckoutResult,
  type CheckoutResultRequest,
  type CheckoutSubmitRequest,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../../platform/auth/session.plugin.js';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { HttpError, notFound, validationError } from '../../platform/http/http-error.js';
import { clientOf } from '../auth/auth.routes.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PasswordSetLinks } from '../users/password-set-links.js';
import type { CartsService } from '../carts/carts.service.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { ExperimentsService } from '../experiments/experiments.service.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { UserProfile, UsersService } from '../users/users.service.js';
import { createAttemptPasses, type AttemptGrant } from './attempt-pass.js';

/** The guest checkout's submit: the checkout's own body and the buyer's e-mail. */
export type GuestSubmitRequest = CheckoutSubmitRequest & { email: string };

/**
 * Team-plan §6 "dac" checkout: a visitor in the `dac_on_checkout` experiment buys courses with
 * an e-mail only. The visitor's cart prices the order as it would a user's. On submit the
 * e-mail's guest account is made (or, when one exists, used: its other sessions end), the
 * visitor's cart moves into it, and the ordinary checkout takes the payment for it, so every
 * rule of the course checkout (reservations, 3-D Secure, exactly-once fulfilment) holds as is.
 *
 * Giving an e-mail proves nothing (decision 0030): the device is never signed in to an account
 * that existed before its submit. It follows its own attempt with an attempt pass instead, and
 * is signed in only when its payment succeeded and the account is one its own submit made that
 * no other checkout has used since. When an order is recorded for a guest account, its buyer is
 * mailed a link to set a password: the courses wait in the account until then.
 */
export function createGuestCheckout(deps: {
  db: Database;
  users: UsersService;
  auth: AuthService;
  carts: CartsService;
  checkout: CheckoutService;
  experiments: ExperimentsService;
  userContext: UserContextService;
  passwordLinks: PasswordSetLinks;
  outbox: MailOutbox;
  /** Signs the attempt passes (SECRET_KEY). */
  secret: string;
  secureCookies: boolean;
  now: () => Date;
}) {
  const { users, userContext } = deps;
  const passes = createAttemptPasses({
    secret: deps.secret,
    secureCookies: deps.secureCookies,
    now: deps.now,
  });

  /** Visitors in the experiment only: a signed-in buyer uses the checkout, others may not. */
  async function requireGuest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.userId !== null) {
      throw new HttpError(
        409,
        'signed_in',
        'You are logged in: reload the page to check out with your account.',
      );
    }
    const unit = await userContext.assignmentUnitOf(request, reply);
    const [assignment] = await deps.experiments.assign([FEATURE_CODES.dacOnCheckout], unit);
    if (!isFeatureEnabled(assignment ? [assignment] : [], FEATURE_CODES.dacOnCheckout)) {
      throw new HttpError(403, 'guest_checkout_unavailable', 'Log in or sign up to buy these courses.');
    }
  }

  /**
   * The account the e-mail's purchase goes to: a new one (`madeAt`: its `guest_since`), or the
   * guest account the e-mail already has, whose purchases may be someone else's: every session
   * of it ends and its `guest_since` moves on (one transaction, under its row lock), so no device
   * signed in to it earlier, nor one whose pass says it made it, sees what is bought now. An
   * account with a password is its owner's: they log in to buy with it.
   */
  async function accountFor(
    email: string,
    country: string,
    locale: string,
  ): Promise<{ user: UserProfile; madeAt: number | null }> {
    let existing = await users.findByEmail(email);
    if (!existing) {
      const made = await users.registerGuest(email, { country, locale, now: deps.now() });
      if (made?.guestSince) return { user: made, madeAt: made.guestSince.getTime() };
      // Two first submits with one e-mail at once: for the second, the first's account existed.
      existing = await users.findByEmail(email);
    }
    if (!existing || existing.guestSince === null)
      throw validationError({ email: [GUEST_EMAIL_TAKEN_MESSAGE] });
    const stillGuest = await deps.db.transaction(async (tx) => {
      const touched = await users.touchGuest(existing.id, deps.now(), tx);
      if (touched) await deps.auth.endAllSessions(existing.id, tx);
      return touched !== null;
    });
    // Its owner set the password meanwhile.
    if (!stillGuest) throw validationError({ email: [GUEST_EMAIL_TAKEN_MESSAGE] });
    return { user: existing, madeAt: null };
  }

  /**
   * Signs the device in after its payment succeeded, when its own submit made the account and
   * nothing has used it since (its `guest_since` is still the one the pass names; a password set
   * clears it). Checked and written under the account's row lock, so another checkout's
   * `accountFor` either comes after and ends this session, or came before and this one is refused.
   */
  async function signInToMadeAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: Pick<AttemptGrant, 'userId' | 'madeAt'>,
  ): Promise<void> {
    if (grant.madeAt === null || request.userId !== null) return;
    const madeAt = grant.madeAt;
    const session = await deps.db.transaction(async (tx) => {
      const account = await users.lockGuestSince(grant.userId, tx);
      if (account?.guestSince?.getTime() !== madeAt) return null;
      return deps.auth.openSession(grant.userId, clientOf(request), tx);
    });
    if (!session) return;
    setSessionCookie(reply, session.token, deps.secureCookies);
    request.userId = grant.userId;
  }

  /**
   * Whose attempt this request may follow: the pass's account for an attempt the pass names,
   * else the signed-in user's own (the ordinary ownership check follows). Another attempt is
   * answered like a missing one.
   */
  function ownerOf(
    request: FastifyRequest,
    attemptId: string,
  ): { userId: number; grant: AttemptGrant | null } {
    const grant = passes.grantFor(request, attemptId);
    if (grant) return { userId: grant.userId, grant };
    if (request.userId !== null) return { userId: request.userId, grant: null };
    throw notFound('There is no payment attempt with this id.');
  }

  return {
    /** The paying devices' passes (its routes accept them in place of a session). */
    passes,

    /** `POST /payment/dac-checkout-info/`: the checkout's answer for a visitor (the price country decides the billing country). */
    async info(
      request: FastifyRequest,
      reply: FastifyReply,
      body: CheckoutInfoRequest,
    ): Promise<CheckoutInfoResponse> {
      await requireGuest(request, reply);
      const visitorId = userContext.visitorIdOf(request);
      const [pricing, codes] = await Promise.all([
        userContext.pricingContextOf(request),
        visitorId ? deps.carts.visitorCodes(visitorId) : Promise.resolve([]),
      ]);
      return deps.checkout.guestInfo({ codes }, pricing, body);
    },

    /**
     * `POST /payment/dac-checkout-submit/`: the account, the checkout's own submit, the pass for
     * its attempt; the sign-in only for an account this submit made, once paid.
     */
    async submit(
      request: FastifyRequest,
      reply: FastifyReply,
      body: GuestSubmitRequest,
    ): Promise<CheckoutResult> {
      await requireGuest(request, reply);
      const checked = emailAddressSchema.safeParse(body.email);
      if (!checked.success) throw validationError({ email: [checked.error.issues[0]!.message] });
      const email = checked.data;
      const pricing = await userContext.pricingContextOf(request);
      const { user, madeAt } = await accountFor(email, pricing.country, pricing.locale);
      const visitorId = userContext.visitorIdOf(request);
      if (visitorId) await deps.carts.mergeVisitorCart(visitorId, user.id);
      const { email: _email, ...checkoutBody } = body;
      const result = await deps.checkout.submit(
        { id: user.id, email: user.email, name: user.displayName },
        pricing,
        checkoutBody,
      );
      const grant = { attemptId: result.data.payment_attempt_id, userId: user.id, madeAt };
      passes.grant(request, reply, grant);
      if (result.status === 'succeeded') await signInToMadeAccount(request, reply, grant);
      return result;
    },

    /**
     * `PATCH /payment/dac-checkout-submit/{id}/`: the outcome of the action (3-D Secure, a
     * lender's or bank's page) for the attempt the pass names, as the checkout's own PATCH.
     */
    async result(
      request: FastifyRequest,
      reply: FastifyReply,
      attemptId: string,
      body: CheckoutResultRequest,
    ): Promise<CheckoutResult> {
      const { userId, grant } = ownerOf(request, attemptId);
      const result = await deps.checkout.result(userId, attemptId, body);
      if (grant && result.status === 'succeeded') await signInToMadeAccount(request, reply, grant);
      return result;
    },

    /**
     * `GET /payment/dac-checkout-result/`: the success page's receipt of the attempt the pass
     * names (that attempt's own lines, status and voucher; nothing else of the account).
     */
    async receipt(request: FastifyRequest, attemptId: string): Promise<CheckoutReceipt> {
      const { userId } = ownerOf(request, attemptId);
      const pricing = await userContext.pricingContextOf(request);
      return deps.checkout.receipt(userId, attemptId, pricing.intlLocale);
    },

    /**
     * Told in the fulfilment transaction of every new order: a guest account's buyer is mailed
     * a link to set their password, with what they bought.
     */
    async onOrderRecorded(tx: Database, orderId: number): Promise<void> {
      // Everything here is read with `tx`: the order is not committed yet, and the embedded
      // database has one connection, which the transaction holds.
      const [order] = rowsOf<{ user_id: number; email: string; titles: string[] }>(
        await tx.execute(sql`
          select o.user_id, u.email,
                 array(select case when l.buyable_type = 'gift' then 'Gift: ' || c.title else c.title end
                       from order_lines l join courses c on c.id = l.course_id
                       where l.order_id = o.id order by l.id) as titles
          from orders o join users u on u.id = o.user_id
          where o.id = ${orderId} and u.guest_since is not null`),
      );
      if (!order) return;
      const setPasswordUrl = await deps.passwordLinks.create(tx, Number(order.user_id));
      await deps.outbox.enqueue(tx, {
        to: order.email,
        content: { kind: 'guest_purchase_waiting', courseTitles: order.titles, setPasswordUrl },
      });
    },
  };
}

export type GuestCheckout = ReturnType<typeof createGuestCheckout>;
