import {
  adminCustomersQuerySchema,
  customerAnonymiseSchema,
  customerCreditInputSchema,
  customerSessionsRevokeSchema,
  type AdminCustomerDetail,
  type AdminCustomerSummary,
  type AdminPage,
  type CustomerAnonymised,
  type CustomerCreditChanged,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import type { AdminCustomersService } from './admin-customers.service.js';

export const CUSTOMERS_ADMIN_PATH = '/api-2.0/admin/customers/';

const customerParams = z.object({ id: databaseId('id must be a customer id.', { coerce: true }) });

/**
 * The back office's customers API (issue 32). Any staff member reads; ending sessions and the
 * anonymised delete need `customers.write`, credit changes `credit.write`.
 */
export const adminCustomersRoutes: FastifyPluginAsyncZod<{ customers: AdminCustomersService }> = async (
  app,
  { customers },
) => {
  app.get(
    CUSTOMERS_ADMIN_PATH,
    { config: staffOnly('backOffice.read'), schema: { querystring: adminCustomersQuerySchema } },
    (request): Promise<AdminPage<AdminCustomerSummary>> => customers.list(request.query),
  );

  app.get(
    `${CUSTOMERS_ADMIN_PATH}:id/`,
    { config: staffOnly('backOffice.read'), schema: { params: customerParams } },
    (request): Promise<AdminCustomerDetail> => customers.detail(request.params.id),
  );

  app.post(
    `${CUSTOMERS_ADMIN_PATH}:id/sessions/revoke/`,
    {
      config: staffOnly('customers.write'),
      schema: { params: customerParams, body: customerSessionsRevokeSchema },
    },
    (request): Promise<{ revoked: number }> =>
      customers.revokeSessions(requireStaff(request), request.params.id, request.body.reason ?? null),
  );

  app.post(
    `${CUSTOMERS_ADMIN_PATH}:id/credit/`,
    {
      config: staffOnly('credit.write'),
      schema: { params: customerParams, body: customerCreditInputSchema },
    },
    async (request, reply): Promise<CustomerCreditChanged> => {
      reply.status(201);
      return customers.changeCredit(requireStaff(request), request.params.id, request.body);
    },
  );

  app.post(
    `${CUSTOMERS_ADMIN_PATH}:id/anonymise/`,
    {
      config: staffOnly('customers.write'),
      schema: { params: customerParams, body: customerAnonymiseSchema },
    },
    (request): Promise<CustomerAnonymised> =>
      customers.anonymise(requireStaff(request), request.params.id, request.body),
  );
};
