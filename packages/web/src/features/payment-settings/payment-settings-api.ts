import type { StoredPaymentMethodsResponse } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

const PATH = '/payment-vendor/stored-payment-method/';

/** `GET /payment-vendor/stored-payment-method/`: the buyer's saved cards. */
export function storedPaymentMethodsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['stored-payment-methods'],
    queryFn: ({ signal }) => api.get<StoredPaymentMethodsResponse>(PATH, { base: 'root', signal }),
  });
}

/** `DELETE /payment-vendor/stored-payment-method/{id}/` */
export function deleteStoredPaymentMethod(api: ApiClient, id: string): Promise<void> {
  return api.delete(`${PATH}${encodeURIComponent(id)}/`, { base: 'root' });
}
