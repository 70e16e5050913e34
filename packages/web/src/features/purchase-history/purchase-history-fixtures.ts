// Shared by the purchase-history page tests: rows of each tab as the API answers them, a fake
// history endpoint that answers per tab and page, and the whole app rendered at a path.
import type {
  AuthenticatedMe,
  CoursePurchaseLine,
  CoursePurchaseRow,
  PurchaseDataType,
  PurchaseHistoryResponse,
  PurchaseRowOf,
  RefundQuote,
  RefundRow,
  SubscriptionPurchaseRow,
  UserContextResponse,
} from '@lectern/domain';
import { fakeCartServer, usd } from '../../test-utils/fake-cart-server';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
  type RecordedRequest,
} from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

export { usd };

/** The history endpoint (outside `/api-2.0/`). */
export const HISTORY = 'GET /purchase-history/purchase-history-data/';

export function line(overrides: Partial<CoursePurchaseLine> = {}): CoursePurchaseLine {
  const id = overrides.id ?? 501;
  return {
    id,
    course: { id: id + 1000, title: `Course ${id}`, url: `/course/course-${id}/` },
    price: usd(1999),
    refund: null,
    refund_refusal: null,
    refund_deadline: '2026-04-04T23:59:59.999Z',
    gift: null,
    ...overrides,
  };
}

export function order(overrides: Partial<CoursePurchaseRow> = {}): CoursePurchaseRow {
  const courses = overrides.courses ?? [
    line({
      id: 501,
      course: { id: 1, title: 'TypeScript from first principles', url: '/course/typescript/' },
    }),
    line({ id: 502, course: { id: 2, title: 'Design systems', url: '/course/design-systems/' } }),
  ];
  return {
    id: 12,
    date: '2026-03-05T10:00:00.000Z',
    total_price: usd(3998),
    payment_method: { type: 'card', label: 'Visa ****4242', brand: 'visa', last4: '4242' },
    status: 'completed',
    course_count: courses.length,
    courses,
    invoice: { status: 'available', url: '/api-2.0/purchase-documents/order/12/', number: 'INV-0012' },
    ...overrides,
  };
}

export function refund(overrides: Partial<RefundRow> = {}): RefundRow {
  return {
    id: 31,
    date: '2026-03-08T09:00:00.000Z',
    completed: '2026-03-08T09:05:00.000Z',
    order_id: 12,
    course: { id: 1, title: 'TypeScript from first principles', url: '/course/typescript/' },
    amount: usd(1999),
    refunded_to: [
      { kind: 'original_method', label: 'Visa ****4242', amount: usd(1500) },
      { kind: 'account_credit', label: 'Account credit', amount: usd(499) },
    ],
    status: 'refunded',
    failure_reason: null,
    credit_note: { status: 'available', url: '/api-2.0/purchase-documents/refund/31/', number: 'CN-0031' },
    ...overrides,
  };
}

export function charge(overrides: Partial<SubscriptionPurchaseRow> = {}): SubscriptionPurchaseRow {
  return {
    id: 41,
    date: '2026-02-01T00:00:00.000Z',
    description: 'Personal Plan',
    subtitle: 'Renewal',
    total_amount: usd(1640),
    payment_method: { type: 'card', label: 'Visa ****4242', brand: 'visa', last4: '4242' },
    status: 'succeeded',
    invoice: {
      status: 'available',
      url: '/api-2.0/purchase-documents/subscription_charge/41/',
      number: 'INV-0041',
    },
    receipt_url: '/user/manage-subscriptions/receipts/41/',
    ...overrides,
  };
}

/** One page of a tab's rows; `empty` when there are none. */
export function historyPage<T extends PurchaseDataType>(
  type: T,
  results: PurchaseRowOf[T][],
  { status, total_pages = 1 }: { status?: PurchaseHistoryResponse['status']; total_pages?: number } = {},
): PurchaseHistoryResponse<T> {
  return {
    status: status ?? (results.length === 0 ? 'empty' : 'succeeded'),
    data_type: type,
    results,
    total_pages,
    count: results.length,
  };
}

/** `page_number` and `data_type` of a history request. */
export function historyParams(request: RecordedRequest) {
  const params = new URL(request.url, 'http://localhost').searchParams;
  return { page: Number(params.get('page_number')), type: params.get('data_type') };
}

/** The history endpoint answering each tab from `answers` (a tab left out is empty). */
export function historyServer(answers: Partial<Record<PurchaseDataType, FakeHandler>>): FakeHandler {
  return (request) => {
    const type = historyParams(request).type as PurchaseDataType;
    const answer = answers[type];
    if (!answer) return json(historyPage(type, []));
    return typeof answer === 'function' ? answer(request) : answer.clone();
  };
}

/** A signed-in learner; `admin` makes them an owner of organization 3 (Acme). */
export function learner({ admin = false } = {}): AuthenticatedMe {
  return authenticatedMe({
    organization: admin
      ? { id: 3, title: 'Acme', type: 'Team', role: 'owner', permissions: [], is_pro_license_holder: false }
      : null,
  });
}

export function contextOf(me: AuthenticatedMe | null): UserContextResponse {
  const context = userContext(me ?? anonymousMe);
  const admin = me?.organization?.role === 'owner' || me?.organization?.role === 'admin';
  return {
    ...context,
    user_specific_tracking: { ...context.user_specific_tracking!, is_organization_admin: admin },
  };
}

export const REFUND_QUOTE = 'GET /api-2.0/users/me/purchases/501/refund/';
export const REFUND_REQUEST = 'POST /api-2.0/users/me/purchases/501/refund/';

export function quote(overrides: Partial<RefundQuote> = {}): RefundQuote {
  return {
    order_line_id: 501,
    order_id: 12,
    course: { id: 1, title: 'TypeScript from first principles', url: '/course/typescript/' },
    purchase_date: '2026-03-05T10:00:00.000Z',
    price: usd(1999),
    refund_deadline: '2026-04-04T23:59:59.999Z',
    refund_refusal: null,
    gift: null,
    refund_to: [
      { kind: 'original_method', label: 'Visa ****4242', amount: usd(1500) },
      { kind: 'account_credit', label: 'Account credit', amount: usd(499) },
    ],
    reasons: [
      'not_as_described',
      'not_satisfied',
      'bought_by_mistake',
      'duplicate_purchase',
      'technical_problems',
      'other',
    ],
    ...overrides,
  };
}

/** The whole app at `path` for `me` (a visitor when null), with what every page asks for. */
export function setUp(
  path: string,
  routes: Record<string, FakeHandler | FakeHandler[]>,
  { me = learner() as AuthenticatedMe | null } = {},
) {
  const server = fakeServer({
    ...fakeCartServer({ userId: me ? me.id : null }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
    'GET /api-2.0/contexts/me/': json(contextOf(me)),
    ...routes,
  });
  return { server, ...renderApp({ fetch: server.fetch, path }) };
}

export const requestsTo = (requests: RecordedRequest[], route: string) => {
  const [method, path] = route.split(' ');
  return requests.filter((request) => request.method === method && request.path === path);
};
