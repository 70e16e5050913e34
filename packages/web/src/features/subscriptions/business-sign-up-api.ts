import type { ApiClient } from '../../platform/api';

export interface BusinessSignUpAnswer {
  organization: { id: number; title: string };
  next: string;
}

/**
 * `POST /api-2.0/business/sign-up/`: the signed-in user founds an organization. On its own,
 * away from the subscription API's GraphQL documents: the sign-up form is an island.
 */
export function businessSignUp(
  api: ApiClient,
  body: { organization_name: string; trial_extension?: string },
): Promise<BusinessSignUpAnswer> {
  return api.post<BusinessSignUpAnswer>('/business/sign-up/', body);
}
