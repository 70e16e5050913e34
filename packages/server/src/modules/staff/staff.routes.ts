import {
  adminStaffQuerySchema,
  backOfficeSettingsInputSchema,
  salesContactInputSchema,
  staffInvitationAcceptSchema,
  staffInvitationInputSchema,
  staffRoleChangeSchema,
  type AdminMe,
  type AdminPage,
  type AdminStaffInvitation,
  type AdminStaffMember,
  type BackOfficeSettings,
  type StaffInvitationAccepted,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { databaseId } from '../../platform/http/database-id.js';
import { requireStaff, staffOnly } from './staff-access.js';
import type { StaffService } from './staff.service.js';

export const STAFF_ADMIN_PATH = '/api-2.0/admin/staff/';
/** Issue 34: where the subscription pages send people to sales; apart from the refund limits' PUT. */
export const SALES_CONTACT_ADMIN_PATH = '/api-2.0/admin/settings/sales-contact/';
/** Not under /admin/: whoever accepts is not on the staff yet. */
export const STAFF_INVITATION_ACCEPT_API_PATH = '/api-2.0/staff-invitations/accept/';

const memberParams = z.object({ userId: databaseId('userId must be a user id.', { coerce: true }) });
const invitationParams = z.object({ id: databaseId('id must be an invitation id.', { coerce: true }) });

/**
 * The back office's staff API (issue 32): who am I, the staff list, role changes and
 * removals, invitations, and the back office settings (the support refund limits, the sales
 * contacts). Reads need `backOffice.read`; every
 * change `staff.manage` (owners). Accepting an invitation needs only a signed-in account.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.get('/api-2.0/admin/me/', { config: staffOnly('backOffice.read') }, (request): Promise<AdminMe> =>
    staff.me(requireStaff(request)),
  );

  app.get(
    STAFF_ADMIN_PATH,
    { config: staffOnly('backOffice.read'), schema: { querystring: adminStaffQuerySchema } },
    (request): Promise<AdminPage<AdminStaffMember>> => staff.list(request.query),
  );

  app.patch(
    `${STAFF_ADMIN_PATH}:userId/`,
    { config: staffOnly('staff.manage'), schema: { params: memberParams, body: staffRoleChangeSchema } },
    (request): Promise<AdminStaffMember> =>
      staff.changeRole(requireStaff(request), request.params.userId, request.body.role),
  );

  app.delete(
    `${STAFF_ADMIN_PATH}:userId/`,
    { config: staffOnly('staff.manage'), schema: { params: memberParams } },
    async (request, reply) => {
      await staff.remove(requireStaff(request), request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${STAFF_ADMIN_PATH}invitations/`,
    { config: staffOnly('staff.manage') },
    async (): Promise<{ results: AdminStaffInvitation[] }> => ({ results: await staff.invitations() }),
  );

  app.post(
    `${STAFF_ADMIN_PATH}invitations/`,
    { config: staffOnly('staff.manage'), schema: { body: staffInvitationInputSchema } },
    async (request, reply): Promise<AdminStaffInvitation> => {
      reply.status(201);
      return staff.invite(requireStaff(request), request.body);
    },
  );

  app.delete(
    `${STAFF_ADMIN_PATH}invitations/:id/`,
    { config: staffOnly('staff.manage'), schema: { params: invitationParams } },
    async (request, reply) => {
      await staff.revokeInvitation(requireStaff(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    STAFF_INVITATION_ACCEPT_API_PATH,
    { config: SIGNED_IN, schema: { body: staffInvitationAcceptSchema } },
    (request): Promise<StaffInvitationAccepted> => staff.accept(requireUserId(request), request.body.token),
  );

  app.get(
    '/api-2.0/admin/settings/',
    { config: staffOnly('backOffice.read') },
    (): Promise<BackOfficeSettings> => staff.settings(),
  );

  app.put(
    '/api-2.0/admin/settings/',
    { config: staffOnly('staff.manage'), schema: { body: backOfficeSettingsInputSchema } },
    (request): Promise<BackOfficeSettings> => staff.saveSettings(requireStaff(request), request.body),
  );

  app.put(
    SALES_CONTACT_ADMIN_PATH,
    { config: staffOnly('staff.manage'), schema: { body: salesContactInputSchema } },
    (request): Promise<BackOfficeSettings> => staff.saveSalesContact(requireStaff(request), request.body),
  );
};
