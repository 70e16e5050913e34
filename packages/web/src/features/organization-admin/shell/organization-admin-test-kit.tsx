// Shared by the organization admin page tests: the signed-in member of organization 3 (Acme)
// with a role, the user context that carries them, and the organization's stored card.
import type { AuthenticatedMe, OrganizationRole } from '@lectern/domain';
import { authenticatedMe, json, userContext, type FakeHandler } from '../../../test-utils/fake-server';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { planServer, setUp } from '../../subscriptions/subscription-fixtures';

/** A signed-in user in the US who is a `role` of organization 3 (Acme, a Team). */
export function member(role: OrganizationRole): AuthenticatedMe {
  return authenticatedMe({
    country: 'US',
    organization: {
      id: 3,
      title: 'Acme',
      type: 'Team',
      role,
      permissions: [],
      is_pro_license_holder: false,
    },
  });
}

/** `GET /api-2.0/contexts/me/` answering `me`, priced in `priceCountry`. */
export function context(me: AuthenticatedMe, priceCountry = 'US'): FakeHandler {
  const answer = userContext(me);
  return json({ ...answer, request: { ...answer.request!, price_country: priceCountry } });
}

export const PAYMENT_METHOD = 'GET /api-2.0/organizations/3/active-payment-method/';

/** The organization's stored Visa card, set by Ada Lovelace on March 5, 2026. */
export const visa = json({
  spm_info: {
    data: {
      id: 'CardToken_card_pm_1',
      created: '2026-03-05T00:00:00.000Z',
      payment_method_details: { card: { last_4_digit: '4242', brand: 'visa', expired: false } },
    },
  },
  last_edit_user: { name: 'Ada Lovelace', date: '2026-03-05T00:00:00.000Z' },
});

/** Opens `path` as a `role` of organization 3 whose plan is `plan` (GraphQL) with its stored card. */
export function openAdminPage(
  path: string,
  plan: CurrentEnrollment | null,
  {
    role = 'owner' as OrganizationRole,
    failChanges = false,
    priceCountry = 'US',
    paymentMethod = visa as FakeHandler,
  } = {},
) {
  return setUp(path, {
    'GET /api-2.0/contexts/me/': context(member(role), priceCountry),
    'POST /api/2022-03/graphql/': planServer(plan, { failChanges }),
    [PAYMENT_METHOD]: paymentMethod,
  });
}
