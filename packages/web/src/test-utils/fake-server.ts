import {
  readUserSettings,
  type AnonymousMe,
  type AuthenticatedMe,
  type UserContextResponse,
} from '@lectern/domain';
import { vi } from 'vitest';

/** A handler answers one request; it may be a fixed Response or a function of the request. */
export type FakeHandler = Response | ((request: RecordedRequest) => Response | Promise<Response>);

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch for tests that routes `"METHOD /path/"` (query ignored) to handlers and records
 * every request. Unknown routes answer 404 in the API's error format.
 */
export function fakeServer(routes: Record<string, FakeHandler | FakeHandler[]>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, path, headers: (init.headers ?? {}) as Record<string, string>, body };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    const handler = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    if (!handler) return json({ detail: 'Not found.', code: 'not_found' }, 404);
    return typeof handler === 'function' ? handler(request) : handler.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const anonymousMe: AnonymousMe = { is_authenticated: false, id: null };

export function authenticatedMe(overrides: Partial<AuthenticatedMe> = {}): AuthenticatedMe {
  return {
    is_authenticated: true,
    id: 7,
    encrypted_id: 'enc-7',
    email: 'ada@example.com',
    name: 'Ada',
    surname: 'Lovelace',
    display_name: 'Ada Lovelace',
    language: 'en',
    locale: 'en_US',
    country: 'GB',
    time_zone: 'Europe/London',
    created: '2025-01-01T00:00:00Z',
    has_made_paid_purchase: false,
    number_of_courses_purchased: 0,
    consumer_subscription_active: false,
    is_operator: false,
    credit: { amount: 0, currency: 'USD' },
    organization: null,
    settings: readUserSettings({}),
    ...overrides,
  };
}

export function userContext(me: AnonymousMe | AuthenticatedMe = anonymousMe): UserContextResponse {
  return {
    me,
    visiting: { visitor_uuid: 'visitor-1', first_visit_time: '2025-01-01T00:00:00Z' },
    request: { language: 'en', locale: 'en_US', price_country: 'US', currency: 'USD', display_type: null },
    Config: {
      brand: {
        name: 'Lectern',
        business_name: 'Lectern Business',
        has_organization: false,
        is_enterprise_china: false,
      },
      price_country: {
        id: 'US',
        currency_formatter: {
          currency: 'USD',
          symbol: '$',
          locale: 'en_US',
          decimal: '.',
          group: ',',
          pattern: '¤#,##0.00',
          scale: 2,
        },
      },
      urls: { root: '/', help: '/support/' },
      seller: {
        name: 'Lectern',
        address: '100 Example Street, Seattle, WA 98101, United States',
        support_email: 'support@lectern.test',
      },
      // What the server answers with nothing set in the back office: the shop's support page.
      sales: {
        email: 'support@lectern.test',
        request_demo_url: 'https://lectern.test/support/?ref=indupgrade#help-contact',
        enterprise_upgrade_url:
          'https://lectern.test/support/?utm_source=product&utm_medium=upgrade&utm_content=upgrade-cta#help-contact',
        compare_plans_url: 'https://lectern.test/support/#help-team-plan',
      },
      third_party: { external_sources_enabled: false, third_party_marketing_enabled: false },
      env: 'test',
    },
    experiment: { assignments: [] },
    user_specific_tracking: {
      is_organization_admin: false,
      is_group_admin: false,
      is_organization_user: false,
      is_consumer_subscriber: false,
    },
  };
}
