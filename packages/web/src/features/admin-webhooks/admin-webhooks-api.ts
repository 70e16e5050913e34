import {
  adminWebhookApiPath,
  adminWebhookDeliveriesApiPath,
  adminWebhookDeliveryApiPath,
  adminWebhookResendApiPath,
  adminWebhookRollSecretApiPath,
  adminWebhooksApiPath,
  PAGE_ROUTES,
  type AdminWebhookDeliveriesPage,
  type AdminWebhookDeliveryDetail,
  type AdminWebhookEndpoint,
  type AdminWebhookEndpointList,
  type AdminWebhookEndpointWithSecret,
  type WebhookEndpointInput,
  type WebhookEndpointPatch,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** The staff page of an endpoint. */
export const adminWebhookPath = (id: number) => PAGE_ROUTES.adminWebhook.replace(':id', String(id));

export function adminWebhooksQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'webhooks'],
    queryFn: ({ signal }) => api.get<AdminWebhookEndpointList>(adminWebhooksApiPath(), { signal }),
  });
}

export function adminWebhookQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'webhook', id],
    queryFn: ({ signal }) => api.get<AdminWebhookEndpoint>(adminWebhookApiPath(id), { signal }),
  });
}

/** An endpoint's deliveries, newest first; `params` are the page and the filters. */
export function adminWebhookDeliveriesQuery(api: ApiClient, id: number, params: Record<string, string>) {
  return queryOptions({
    queryKey: ['admin', 'webhook', id, 'deliveries', params],
    queryFn: ({ signal }) =>
      api.get<AdminWebhookDeliveriesPage>(adminWebhookDeliveriesApiPath(id), { params, signal }),
    // Pending deliveries move on by themselves: look again while the page is open.
    refetchInterval: 10_000,
  });
}

export function adminWebhookDeliveryQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'webhook-delivery', id],
    queryFn: ({ signal }) => api.get<AdminWebhookDeliveryDetail>(adminWebhookDeliveryApiPath(id), { signal }),
  });
}

export const createWebhook = (api: ApiClient, body: WebhookEndpointInput) =>
  api.post<AdminWebhookEndpointWithSecret>(adminWebhooksApiPath(), body);

export const updateWebhook = (api: ApiClient, id: number, body: WebhookEndpointPatch) =>
  api.patch<AdminWebhookEndpoint>(adminWebhookApiPath(id), body);

export const deleteWebhook = (api: ApiClient, id: number) => api.delete(adminWebhookApiPath(id));

export const rollWebhookSecret = (api: ApiClient, id: number) =>
  api.post<AdminWebhookEndpointWithSecret>(adminWebhookRollSecretApiPath(id));

export const resendWebhookDelivery = (api: ApiClient, id: number) =>
  api.post<AdminWebhookDeliveryDetail>(adminWebhookResendApiPath(id));
