// The authorization matrix (design §6): every route of the live route table × a visitor, a
// learner, another learner and the organization roles, against the access each route is
// meant to have. The expectations are a table keyed by "METHOD pattern": a route added
// without an entry fails here, so a new route cannot be forgotten. Back office routes
// (`/api-2.0/admin/`) need no entry: each names its staff permission in the route table, and
// the expectation of every role comes from STAFF_ROLE_PERMISSIONS (issue 32).
import { STAFF_ROLE_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithSandbox, type ServerWithSandbox } from '../../test-support/checkout-server.js';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import type { RouteEntry } from './route-table.js';

/**
 * - `public`: anyone, visitors included (never 401 or 403);
 * - `user`: signed-in users only (a visitor gets 401 `not_authenticated` before anything else);
 * - `own`: signed-in users, and only for their own resource (anyone else: 404, as if missing);
 * - `signed-webhook`: the provider's signature decides (400 without it, whoever calls);
 * - `operator`: not on the public port without the metrics token (404 to everyone here).
 *
 * Back office routes are not in the table: a visitor gets 401, a user who is not on the staff
 * 403, and each staff role 403 unless STAFF_ROLE_PERMISSIONS gives it the route's permission.
 */
/**
 * `plan`: a subscription plan's billing (its receipts): its owners and admins see it, a member
 * who is not an admin is refused (403), anyone else is answered as if it did not exist (404).
 */
/**
 * `organization`: the organization admin area of the organization in the path (Acme here): its
 * owners and admins reach it, its other members are refused (403), anyone else gets 404.
 */
/**
 * `organization-owner`: of the organization admin area, what only its owners may do (hand the
 * ownership over): its admins and other members are refused (403), anyone else gets 404. What
 * each role may do to each other role is organization-roles.integration.test.ts.
 */
/**
 * `attempt`: a guest checkout's payment attempt (decision 0030): its buyer's session or the
 * paying device's attempt pass. A visitor with neither gets 401 before the body is read (no
 * SIGNED_IN config: a pass is not a session), anyone else 404 as for `own`.
 */
type Access =
  | 'public'
  | 'user'
  | 'own'
  | 'attempt'
  | 'plan'
  | 'organization'
  | 'organization-owner'
  | 'signed-webhook'
  | 'operator';

const MATRIX: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'operator',
  'POST /api-2.0/auth/signup/': 'public',
  'POST /api-2.0/auth/login/': 'public',
  'POST /api-2.0/auth/logout/': 'public',
  'GET /api-2.0/contexts/me/': 'public',
  'PATCH /api-2.0/users/me/': 'user',
  'POST /payment/webhooks/gateway/': 'signed-webhook',
  'GET /api-2.0/courses/': 'public',
  'GET /api-2.0/courses/:id/': 'public',
  'GET /api-2.0/course-categories/': 'public',
  'GET /api-2.0/search-courses/': 'public',
  'GET /api-2.0/search-autocomplete/': 'public',
  'GET /api-2.0/users/me/subscribed-courses/': 'user',
  'GET /api-2.0/pricing/': 'public',
  'GET /api-2.0/users/me/credit-history/': 'user',
  // Purchase history: the user's own data; a bought course's refund and a sale's documents are the buyer's.
  'GET /purchase-history/purchase-history-data/': 'user',
  'GET /api-2.0/users/me/purchases/:lineId/refund/': 'own',
  'POST /api-2.0/users/me/purchases/:lineId/refund/': 'own',
  'GET /api-2.0/purchase-documents/:source/:id/': 'own',
  // Carts belong to a user or to a visitor's cookie: everyone has one.
  'GET /api-2.0/shopping-carts/me/': 'public',
  'POST /api-2.0/shopping-carts/me/discounts/': 'public',
  'DELETE /api-2.0/shopping-carts/me/discounts/': 'public',
  'POST /api-2.0/shopping-carts/me/express/': 'public',
  'POST /api-2.0/shopping-carts/me/:list/': 'public',
  'DELETE /api-2.0/shopping-carts/me/:list/': 'public',
  'POST /payment/checkout-info/': 'user',
  'POST /payment/checkout-bnpl-info/': 'user',
  // The checkout page's account of its attempts: counters only, guests' too.
  'POST /payment/shopping-cart-log-payment-attempt/': 'public',
  // Guest checkout: visitors (in the experiment; the rest are refused by the service, after the
  // body is read, which the matrix's empty bodies never pass); its attempt is the paying device's.
  'POST /payment/dac-checkout-info/': 'public',
  'POST /payment/dac-checkout-submit/': 'public',
  'PATCH /payment/dac-checkout-submit/:paymentAttemptId/': 'attempt',
  'GET /payment/dac-checkout-result/': 'attempt',
  // A gift link is its own secret: anyone holding it sees the gift; redeeming needs an account.
  'GET /api-2.0/gifts/redeem/': 'public',
  'POST /api-2.0/gifts/redeem/': 'user',
  // A mailed one-time link's token decides.
  'POST /api-2.0/auth/set-password/': 'public',
  'POST /payment/checkout-submit/': 'user',
  'PATCH /payment/checkout-submit/:paymentAttemptId/': 'own',
  'GET /payment/checkout-submit/:paymentAttemptId/': 'own',
  'GET /payment/checkout-result/': 'own',
  'GET /payment-vendor/stored-payment-method/': 'user',
  'GET /payment/checkout-teamplan-info/': 'user',
  'GET /payment/teamplan-pricing-info-view/': 'user',
  'GET /payment/skip-free-trial/': 'user',
  'POST /payment/skip-free-trial/': 'user',
  // The retention offer of the user's own Personal Plan; others' enrollments 404 (its own tests).
  'GET /payment/retention-promo-submit/': 'user',
  'POST /payment/retention-promo-submit/': 'user',
  // The invoice's plan: another subscriber's is a 404 (the subscription's own tests).
  'POST /payment/subscription-authenticate/': 'user',
  // The plan the user manages: their organization's (owner, admin) or their own; others' ids 404.
  'GET /api-2.0/subscriptions/billing-history/': 'user',
  'GET /api-2.0/subscriptions/receipts/:id/': 'plan',
  // Developer tools, outside production only (the demo's clock and mailbox).
  'GET /api-2.0/dev/clock/': 'public',
  'POST /api-2.0/dev/clock/': 'public',
  'GET /api-2.0/dev/mailbox/': 'public',
  'GET /api-2.0/dev/mailbox/:id/': 'public',
  'POST /api-2.0/business/sign-up/': 'user',
  'GET /api-2.0/organizations/:organizationId/billing-information/': 'organization',
  'GET /api-2.0/organizations/:organizationId/active-payment-method/': 'organization',
  'DELETE /api-2.0/organizations/:organizationId/active-payment-method/': 'organization',
  'GET /api-2.0/organizations/:organizationId/plan/': 'organization',
  'GET /api-2.0/organizations/:organizationId/activity/': 'organization',
  'GET /api-2.0/organizations/:organizationId/billing-history/': 'organization',
  'GET /api-2.0/organizations/:organizationId/receipts/:paymentId/': 'organization',
  'GET /api-2.0/organizations/:organizationId/receipt-details/': 'organization',
  'PUT /api-2.0/organizations/:organizationId/receipt-details/': 'organization',
  'GET /api-2.0/organizations/:organizationId/members/': 'organization',
  'PATCH /api-2.0/organizations/:organizationId/members/:userId/': 'organization',
  'DELETE /api-2.0/organizations/:organizationId/members/:userId/': 'organization',
  'POST /api-2.0/organizations/:organizationId/invitations/': 'organization',
  'GET /api-2.0/organizations/:organizationId/invitations/': 'organization',
  'DELETE /api-2.0/organizations/:organizationId/invitations/:id/': 'organization',
  'POST /api-2.0/organizations/:organizationId/ownership-transfer/': 'organization-owner',
  // The invitation's token and e-mail decide (the organization admin tests).
  'POST /api-2.0/organization-invitations/accept/': 'user',
  // What an invitation invites to: its token is the key, visitors included (its landing page).
  'GET /api-2.0/organization-invitations/details/': 'public',
  // Per field inside: plans are public, enrollments the signed-in user's own (subscriptions tests).
  'GET /api/2022-03/graphql/': 'public',
  'POST /api/2022-03/graphql/': 'public',
  // Feature assignment: every visitor and user has one.
  'GET /api/2024-01/graphql/': 'public',
  'POST /api/2024-01/graphql/': 'public',
  // A staff invitation's token and e-mail decide (the staff tests); whoever accepts is not staff yet.
  'POST /api-2.0/staff-invitations/accept/': 'user',
  'DELETE /payment-vendor/stored-payment-method/:storedId/': 'own',
  'GET /privacy/user-cookie-preferences/': 'user',
  'POST /privacy/user-cookie-preferences/': 'user',
  // A learning reminder's calendar file: the learner's own (the reminders' tests).
  'GET /api-2.0/users/me/learning-reminders/:id/calendar/': 'own',
  'POST /api-2.0/users/me/settings/': 'user',
  'POST /api-2.0/users/me/course/:courseId/settings/': 'user',
  'GET /api-2.0/users/me/course/:courseId/settings/': 'user',
  'POST /api-2.0/share/': 'public',
  'POST /visits/me/datadog-increment-logs/': 'public',
  'POST /api-2.0/ecl': 'public',
  'GET /api-2.0/openapi.json': 'public',
  'GET /api-2.0/docs/': 'public',
  'GET /s/:code/': 'public',
  'GET /course-images/:courseId/:version/:file': 'public',
};

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
/** The back office's API (ADMIN_API_PREFIX of the staff module, which platform code may not import). */
const ADMIN_API_PREFIX = '/api-2.0/admin/';
const isAdminRoute = (route: RouteEntry) => route.url.startsWith(ADMIN_API_PREFIX);

let env: ServerWithSandbox;
const actors: Record<string, TestClient> = {};
/** One staff member per role, each a fresh account (`staff_members` rows written here). */
const staffActors = {} as Record<StaffRole, TestClient>;
/** The customer whose back office routes the matrix calls (ending their sessions harms no actor). */
let customerId: number;
/** The learner's own resources, which nobody else may see. */
let own: { attemptId: string; storedId: string; orderId: number; lineId: number };
/** The demo organization (Acme), whose admin area the `organization` routes are. */
let acmeId: number;

async function signUp(name: string, ip: string): Promise<{ client: TestClient; email: string }> {
  const client = createTestClient(env.server.app, { ip });
  const email = `matrix-${name}-${Date.now()}@example.com`;
  const response = await client.post('/api-2.0/auth/signup/', { name, email, password: 'matrix-password-1' });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { client, email };
}

beforeAll(async () => {
  env = await startServerWithSandbox({
    webhookSecret: 'whsec_matrix',
    config: { webDistDir: standInWebApp() },
  });
  actors.visitor = createTestClient(env.server.app, { ip: '10.77.0.1' });
  await actors.visitor.get('/healthz');
  actors.learner = (await signUp('Learner', '10.77.0.2')).client;
  actors.otherLearner = (await signUp('Other', '10.77.0.3')).client;
  for (const [name, email, ip] of [
    ['owner', 'owner@example.com', '10.77.0.4'],
    ['admin', 'admin@example.com', '10.77.0.5'],
  ] as const) {
    actors[name] = createTestClient(env.server.app, { ip });
    expect((await actors[name].login(email)).statusCode).toBe(200);
  }
  const student = await signUp('Student', '10.77.0.6');
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await env.server.db.execute(query)) as unknown as { rows: { id: number }[] }).rows;
  // The student joins the demo organization.
  const [acme] = await rows(sql`select id from organizations where name = 'Acme Learning'`);
  acmeId = Number(acme!.id);
  const [studentUser] = await rows(sql`select id from users where email = ${student.email.toLowerCase()}`);
  await env.server.db.execute(
    sql`insert into organization_members (organization_id, user_id, role) values (${Number(acme!.id)}, ${Number(studentUser!.id)}, 'student')`,
  );
  actors.student = student.client;
  const idOf = async (email: string) =>
    Number((await rows(sql`select id from users where email = ${email.toLowerCase()}`))[0]!.id);
  for (const [index, role] of STAFF_ROLES.entries()) {
    const member = await signUp(`Staff-${role}`, `10.77.1.${index + 1}`);
    await env.server.db.execute(
      sql`insert into staff_members (user_id, role) values (${await idOf(member.email)}, ${role})`,
    );
    staffActors[role] = member.client;
  }
  customerId = await idOf((await signUp('Customer', '10.77.0.8')).email);

  // The learner's own: a payment attempt waiting for 3-D Secure, and a saved card.
  const submit = (card: string, rememberMe: boolean, course: number) =>
    actors.learner!.post('/payment/checkout-submit/', {
      checkout_environment: 'Marketplace',
      checkout_event: 'Submit',
      checkout_ref: `matrix-${course}-${Date.now()}`,
      shopping_info: { items: [{ buyable: { id: course, buyable_object_type: 'course' } }] },
      billing_address: { country_code: 'US', secondary_location_info: '98101' },
      payment_info: {
        method_id: 2,
        payment_vendor: 'CardToken',
        payment_method: 'card',
        remember_me: rememberMe,
        credentials: { payment_method_id: card },
      },
    });
  const pending = await submit('pm_card_threeDSecure2Required', false, 2);
  expect(pending.data.status, pending.body).toBe('action_required');
  const saved = await submit('pm_card_visa', true, 3);
  expect(saved.data.status).toBe('succeeded');
  const stored = await actors.learner.get('/payment-vendor/stored-payment-method/');
  const bought = await actors.learner.get('/purchase-history/purchase-history-data/?data_type=courses');
  const order = bought.data.results[0];
  own = {
    attemptId: pending.data.data.payment_attempt_id,
    storedId: String(stored.data.results[0].id),
    orderId: order.id,
    lineId: order.courses[0].id,
  };
});
afterAll(() => env.close());

/** A request to the route that is well-formed enough to reach its authorization. */
function requestTo(route: RouteEntry, client: TestClient) {
  const url = route.url
    .replace('/api-2.0/admin/customers/:id/', `/api-2.0/admin/customers/${customerId}/`)
    .replace(':organizationId', String(acmeId))
    .replace(':paymentId', '2')
    // Nobody: a member route never removes or changes someone here.
    .replace(':userId', '2147483000')
    .replace(':paymentAttemptId', own.attemptId)
    .replace(':lineId', String(own.lineId))
    .replace(':source/:id', `order/${own.orderId}`)
    .replace(':storedId', encodeURIComponent(own.storedId))
    .replace(':list', 'wishlist')
    .replace(':courseId', '2')
    .replace(':code', 'abcdefgh')
    .replace(':id', '2');
  const withQuery =
    route.url === '/payment/checkout-result/' || route.url === '/payment/dac-checkout-result/'
      ? `${url}?payment_attempt_id=${own.attemptId}`
      : url;
  if (route.method === 'GET') return client.get(withQuery);
  if (route.method === 'DELETE') return client.delete(withQuery);
  const body =
    route.url === '/payment/checkout-submit/:paymentAttemptId/' ||
    route.url === '/payment/dac-checkout-submit/:paymentAttemptId/'
      ? {
          checkout_environment: 'Marketplace',
          checkout_event: 'Result',
          payment_info: { credentials: { payment_intent_id: 'pi_other', action_result: 'succeeded' } },
        }
      : route.url === '/api-2.0/users/me/purchases/:lineId/refund/'
        ? { reason: 'other' }
        : {};
  if (route.method === 'PUT') return client.put(withQuery, body);
  return route.method === 'PATCH' ? client.patch(withQuery, body) : client.post(withQuery, body);
}

describe('authorization matrix', () => {
  it('has an expectation for every route, and a route for every expectation', () => {
    const routes = env.server.routes.map(keyOf).sort();
    expect(
      env.server.routes.filter((route) => !isAdminRoute(route) && !(keyOf(route) in MATRIX)).map(keyOf),
      'routes without an expectation',
    ).toEqual([]);
    // A back office route's expectation is its permission, which the server requires at start.
    expect(
      env.server.routes.filter((route) => isAdminRoute(route) !== (route.staff !== null)).map(keyOf),
      'back office routes without a staff permission, or staff permissions outside the back office',
    ).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => key.includes(ADMIN_API_PREFIX))).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !routes.includes(key)),
      'expectations without a route',
    ).toEqual([]);
  });

  it('routes meant for signed-in users declare it, so the 401 comes before the body is read', () => {
    for (const route of env.server.routes) {
      const access = MATRIX[keyOf(route)];
      expect(route.auth === 'user', keyOf(route)).toBe(
        isAdminRoute(route) ||
          access === 'user' ||
          access === 'own' ||
          access === 'plan' ||
          access === 'organization' ||
          access === 'organization-owner',
      );
    }
  });

  it('a visitor is told to sign in before anything about the body (PATCH /users/me/ once validated first)', async () => {
    const visitor = actors.visitor!;
    for (const extra of [
      { rawBody: '{"time_zone": 123, "unknown": true}' },
      { rawBody: '{"not json' },
      { rawBody: 'x', headers: { 'content-type': 'text/plain' } },
    ]) {
      const response = await visitor.patch('/api-2.0/users/me/', undefined, extra);
      expect(response.statusCode, extra.rawBody).toBe(401);
      expect(response.data.code).toBe('not_authenticated');
    }
  });

  it('the learner reaches their own attempt, receipt, saved card, invoice and refund', async () => {
    const learner = actors.learner!;
    expect((await learner.get(`/api-2.0/purchase-documents/order/${own.orderId}/`)).statusCode).toBe(200);
    expect((await learner.get(`/api-2.0/users/me/purchases/${own.lineId}/refund/`)).statusCode).toBe(200);
    const refund = await learner.post(`/api-2.0/users/me/purchases/${own.lineId}/refund/`, {
      reason: 'other',
    });
    expect(refund.statusCode).toBe(201);
    expect((await learner.get(`/payment/checkout-submit/${own.attemptId}/`)).statusCode).toBe(200);
    expect(
      (await learner.get(`/payment/checkout-result/?payment_attempt_id=${own.attemptId}`)).statusCode,
    ).toBe(200);
    expect(
      (await learner.get(`/payment/dac-checkout-result/?payment_attempt_id=${own.attemptId}`)).statusCode,
    ).toBe(200);
    const deleted = await learner.delete(
      `/payment-vendor/stored-payment-method/${encodeURIComponent(own.storedId)}/`,
    );
    expect(deleted.statusCode).toBeLessThan(300);
  });

  // Before the test below, whose last route logs every actor out.
  it('answers every back office route × visitor, the users above and each staff role as its permission says', async () => {
    const adminRoutes = env.server.routes.filter(isAdminRoute);
    // The back office's own pages are there (a refactor that lost them must not pass unseen).
    expect(adminRoutes.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET /api-2.0/admin/me/',
        'GET /api-2.0/admin/staff/',
        'GET /api-2.0/admin/audit-events/',
        'GET /api-2.0/admin/customers/',
        'POST /api-2.0/admin/customers/:id/credit/',
        'GET /api-2.0/admin/experiments/',
      ]),
    );
    let outcomes = 0;
    for (const route of adminRoutes) {
      const permission = route.staff as StaffPermission;
      for (const [actor, client] of Object.entries(actors)) {
        const response = await requestTo(route, client);
        const what = `${actor} ${keyOf(route)} (${permission}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
        outcomes += 1;
        if (actor === 'visitor') {
          expect(response.statusCode, what).toBe(401);
          expect(response.data.code, what).toBe('not_authenticated');
        } else {
          // Learners and organization people are not on the staff.
          expect(response.statusCode, what).toBe(403);
          expect(response.data.code, what).toBe('permission_denied');
        }
      }
      for (const role of STAFF_ROLES) {
        const response = await requestTo(route, staffActors[role]);
        const what = `${role} staff ${keyOf(route)} (${permission}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
        outcomes += 1;
        if (STAFF_ROLE_PERMISSIONS[role].includes(permission)) {
          // Allowed (the empty body may still be refused as input, or the id be nobody's).
          expect([401, 403], what).not.toContain(response.statusCode);
          expect(response.statusCode, what).toBeLessThan(500);
        } else {
          expect(response.statusCode, what).toBe(403);
          expect(response.data.code, what).toBe('permission_denied');
        }
      }
    }
    expect(outcomes).toBe(adminRoutes.length * (Object.keys(actors).length + STAFF_ROLES.length));
  });
  it('answers every route × visitor, learner, other learner, owner, admin and student as designed', async () => {
    const outcomes: string[] = [];
    // Logging out ends each actor's session: last.
    const ordered = [...env.server.routes].sort(
      (a, b) => Number(a.url === '/api-2.0/auth/logout/') - Number(b.url === '/api-2.0/auth/logout/'),
    );
    for (const route of ordered) {
      if (isAdminRoute(route)) continue;
      const access = MATRIX[keyOf(route)]!;
      for (const [actor, client] of Object.entries(actors)) {
        // The learner's own resources are checked last: a DELETE would remove them.
        if ((access === 'own' || access === 'attempt') && actor === 'learner') continue;
        const response = await requestTo(route, client);
        const what = `${actor} ${keyOf(route)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        outcomes.push(what);
        if (
          actor === 'visitor' &&
          (access === 'user' ||
            access === 'own' ||
            access === 'attempt' ||
            access === 'plan' ||
            access === 'organization' ||
            access === 'organization-owner')
        ) {
          expect(response.statusCode, what).toBe(401);
          expect(response.data.code, what).toBe('not_authenticated');
        } else if (access === 'own' || access === 'attempt') {
          // Someone else's attempt or card is answered exactly like a missing one.
          expect(response.statusCode, what).toBe(404);
        } else if (access === 'plan') {
          // Receipt 2 is the demo organization's (Acme): its owner and admin read it.
          const expected = actor === 'owner' || actor === 'admin' ? 200 : actor === 'student' ? 403 : 404;
          expect(response.statusCode, what).toBe(expected);
        } else if (access === 'organization') {
          // Acme's owner and admin pass (their answer may still be 400 or 404 for the input).
          if (actor === 'owner' || actor === 'admin') {
            expect([401, 403], what).not.toContain(response.statusCode);
            expect(response.statusCode, what).toBeLessThan(500);
          } else {
            expect(response.statusCode, what).toBe(actor === 'student' ? 403 : 404);
          }
        } else if (access === 'organization-owner') {
          // Acme's owner passes (the empty body is then refused as input); its admin and student 403.
          if (actor === 'owner') {
            expect([401, 403], what).not.toContain(response.statusCode);
            expect(response.statusCode, what).toBeLessThan(500);
          } else {
            expect(response.statusCode, what).toBe(actor === 'admin' || actor === 'student' ? 403 : 404);
          }
        } else if (access === 'signed-webhook') {
          expect(response.statusCode, what).toBe(400);
          expect(response.data.code, what).toBe('webhook_signature_invalid');
        } else if (access === 'operator') {
          expect(response.statusCode, what).toBe(404);
        } else {
          expect([401, 403], what).not.toContain(response.statusCode);
          expect(response.statusCode, what).toBeLessThan(500);
        }
      }
    }
    // Every route × every actor, but the learner on their own resources (checked apart).
    const ownRoutes = env.server.routes.filter((route) =>
      ['own', 'attempt'].includes(MATRIX[keyOf(route)]!),
    ).length;
    const otherRoutes = env.server.routes.filter((route) => !isAdminRoute(route)).length;
    expect(outcomes.length).toBe(otherRoutes * Object.keys(actors).length - ownRoutes);
  });
});
