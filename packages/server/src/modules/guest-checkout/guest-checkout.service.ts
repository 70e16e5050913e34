import {
  emailAddressSchema,
  FEATURE_CODES,
  GUEST_EMAIL_TAKEN_MESSAGE,
  GUEST_EMAIL_WAITING_MESSAGE,
  isFeatureEnabled,
  type CheckoutInfoRequest,
  type CheckoutInfoResponse,
  type CheckoutResult,
  type CheckoutSubmitRequest,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../../platform/auth/session.plugin.js';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import { clientOf } from '../auth/auth.routes.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PasswordSetLinks } from '../users/password-set-links.js';
import type { CartsService } from '../carts/carts.service.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { ExperimentsService } from '../experiments/experiments.service.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { UsersService } from '../users/users.service.js';

/** The guest checkout's submit: the checkout's own body and the buyer's e-mail. */
export type GuestSubmitRequest = CheckoutSubmitRequest & { email: string };

/**
 * Team-plan §6 "dac" checkout: a visitor in the `dac_on_checkout` experiment buys courses with
 * an e-mail only. The visitor's cart prices the order as it would a user's. On submit an
 * account is made for the e-mail (no password yet), the visitor's cart moves into it, the
 * device is signed in to it, and the ordinary checkout takes the payment from there, so every
 * rule of the course checkout (reservations, 3-D Secure, exactly-once fulfilment) holds as is.
 * When an order is recorded for such an account, its buyer is mailed a link to set a password:
 * the courses wait in the account until then.
 */
export function createGuestCheckout(deps: {
  users: UsersService;
  orders: OrdersService;
  auth: AuthService;
  carts: CartsService;
  checkout: CheckoutService;
  experiments: ExperimentsService;
  userContext: UserContextService;
  passwordLinks: PasswordSetLinks;
  outbox: MailOutbox;
  secureCookies: boolean;
  now: () => Date;
}) {
  const { users, userContext } = deps;

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

  const hasOrders = async (userId: number): Promise<boolean> =>
    (await deps.orders.ordersOf(userId, { number: 1, size: 1 })).count > 0;

  /** The account the e-mail's purchase goes to: a new one, or a guest account nothing was bought with yet. */
  async function accountFor(email: string, country: string, locale: string) {
    const existing = await users.findByEmail(email);
    if (existing) {
      if (existing.guestSince === null) throw validationError({ email: [GUEST_EMAIL_TAKEN_MESSAGE] });
      if (await hasOrders(existing.id)) throw validationError({ email: [GUEST_EMAIL_WAITING_MESSAGE] });
      return existing;
    }
    const made = await users.registerGuest(email, { country, locale, now: deps.now() });
    // Two first submits with one e-mail at once: the second finds the first's account.
    return made ?? (await users.findByEmail(email))!;
  }

  return {
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

    /** `POST /payment/dac-checkout-submit/`: the account, the sign-in, then the checkout's own submit. */
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
      const user = await accountFor(email, pricing.country, pricing.locale);
      const visitorId = userContext.visitorIdOf(request);
      if (visitorId) await deps.carts.mergeVisitorCart(visitorId, user.id);
      const { token } = await deps.auth.signIn(user.id, clientOf(request));
      setSessionCookie(reply, token, deps.secureCookies);
      const { email: _email, ...checkoutBody } = body;
      return deps.checkout.submit(
        { id: user.id, email: user.email, name: user.displayName },
        pricing,
        checkoutBody,
      );
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
