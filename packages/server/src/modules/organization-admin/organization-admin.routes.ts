import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { isDatabaseId } from '../../platform/http/database-id.js';
import { ORGANIZATION_ROLE_MESSAGES } from '@lectern/domain';
import { notFound, permissionDenied } from '../../platform/http/http-error.js';
import {
  ORGANIZATION_ADMIN_MESSAGES,
  type OrganizationAccess,
  type OrganizationAdminService,
} from './organization-admin.service.js';
import { ACTIVITY_LIMIT, type OrganizationActivity } from './organization-activity.js';
import type { OrganizationPlanPanel } from './organization-plan-panel.js';
import {
  acceptBody,
  activityAnswer,
  invitationDetailsAnswer,
  invitationDetailsQuery,
  planPanelAnswer,
  activePaymentMethodAnswer,
  billingHistoryAnswer,
  billingInformationAnswer,
  invitationAnswer,
  invitationParams,
  inviteBody,
  memberParams,
  membersAnswer,
  organizationParams,
  pageQuerySchema,
  receiptAnswer,
  receiptDetailsAnswer,
  receiptDetailsBody,
  receiptParams,
  roleBody,
  transferAnswer,
  transferBody,
} from './organization-admin.schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `owner`: of the organization admin routes, those only its owners may call (403 for its admins). */
    organizationRole?: 'owner';
  }
}

/** Route config of the organization routes only its owners may call, refused before the body is read. */
const OWNERS_ONLY = { ...SIGNED_IN, organizationRole: 'owner' } as const;

const BASE = '/api-2.0/organizations/:organizationId';

/** The organization admin API's paths (the web app and the authorization matrix read them). */
export const ORGANIZATION_ADMIN_PATHS = {
  billingInformation: `${BASE}/billing-information/`,
  activePaymentMethod: `${BASE}/active-payment-method/`,
  billingHistory: `${BASE}/billing-history/`,
  plan: `${BASE}/plan/`,
  activity: `${BASE}/activity/`,
  receipt: `${BASE}/receipts/:paymentId/`,
  receiptDetails: `${BASE}/receipt-details/`,
  members: `${BASE}/members/`,
  member: `${BASE}/members/:userId/`,
  invitations: `${BASE}/invitations/`,
  invitation: `${BASE}/invitations/:id/`,
  ownershipTransfer: `${BASE}/ownership-transfer/`,
  accept: '/api-2.0/organization-invitations/accept/',
  invitationDetails: '/api-2.0/organization-invitations/details/',
} as const;

/**
 * The organization admin area's API (team-plan §2, §3, §6). Every `/organizations/:organizationId/`
 * route checks the caller's role in THAT organization before its input is read: owner and
 * admin pass (owners alone on the `OWNERS_ONLY` routes), its other members get 403, anyone
 * else 404 (as if it did not exist). What an admin may do to whom is the service's (domain
 * `organization-roles.ts`): it depends on the member acted on.
 */
export const organizationAdminRoutes: FastifyPluginAsyncZod<{
  organizationAdmin: OrganizationAdminService;
  planPanel: OrganizationPlanPanel;
  recentActivity: OrganizationActivity;
}> = async (app, { organizationAdmin, planPanel, recentActivity }) => {
  const accessOf = new WeakMap<FastifyRequest, OrganizationAccess>();
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith(BASE)) return;
    const raw = (request.params as { organizationId?: string }).organizationId ?? '';
    if (!isDatabaseId(raw)) throw notFound(ORGANIZATION_ADMIN_MESSAGES.noOrganization);
    const found = await organizationAdmin.access(requireUserId(request), Number(raw));
    if (request.routeOptions.config.organizationRole === 'owner' && found.role !== 'owner') {
      throw permissionDenied(ORGANIZATION_ROLE_MESSAGES.transfer);
    }
    accessOf.set(request, found);
  });
  const access = (request: FastifyRequest): OrganizationAccess => {
    const found = accessOf.get(request);
    if (!found) throw new Error('organization access was not checked');
    return found;
  };
  const id = (request: FastifyRequest) => access(request).organization.id;

  app.get(
    ORGANIZATION_ADMIN_PATHS.billingInformation,
    {
      config: SIGNED_IN,
      schema: { params: organizationParams, response: { 200: billingInformationAnswer } },
    },
    async (request) => organizationAdmin.billingInformation(id(request)),
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.activePaymentMethod,
    {
      config: SIGNED_IN,
      schema: { params: organizationParams, response: { 200: activePaymentMethodAnswer } },
    },
    async (request) => organizationAdmin.activePaymentMethod(id(request)),
  );

  app.delete(
    ORGANIZATION_ADMIN_PATHS.activePaymentMethod,
    { config: SIGNED_IN, schema: { params: organizationParams } },
    async (request, reply) => {
      await planPanel.removeCard(id(request), access(request).userId);
      return reply.status(204).send();
    },
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.plan,
    { config: SIGNED_IN, schema: { params: organizationParams, response: { 200: planPanelAnswer } } },
    async (request) => planPanel.facts(id(request)),
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.activity,
    { config: SIGNED_IN, schema: { params: organizationParams, response: { 200: activityAnswer } } },
    async (request) => ({ results: await recentActivity(id(request), ACTIVITY_LIMIT) }),
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.billingHistory,
    {
      config: SIGNED_IN,
      schema: {
        params: organizationParams,
        querystring: pageQuerySchema,
        response: { 200: billingHistoryAnswer },
      },
    },
    async (request) =>
      organizationAdmin.billingHistory(id(request), {
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.receipt,
    { config: SIGNED_IN, schema: { params: receiptParams, response: { 200: receiptAnswer } } },
    async (request) => organizationAdmin.receipt(id(request), request.params.paymentId),
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.receiptDetails,
    { config: SIGNED_IN, schema: { params: organizationParams, response: { 200: receiptDetailsAnswer } } },
    async (request) => organizationAdmin.receiptDetails(access(request)),
  );

  app.put(
    ORGANIZATION_ADMIN_PATHS.receiptDetails,
    {
      config: SIGNED_IN,
      schema: {
        params: organizationParams,
        body: receiptDetailsBody,
        response: { 200: receiptDetailsAnswer },
      },
    },
    async (request) => organizationAdmin.saveReceiptDetails(access(request), request.body),
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.members,
    {
      config: SIGNED_IN,
      schema: { params: organizationParams, querystring: pageQuerySchema, response: { 200: membersAnswer } },
    },
    async (request) =>
      organizationAdmin.members(id(request), { page: request.query.page, pageSize: request.query.page_size }),
  );

  app.patch(
    ORGANIZATION_ADMIN_PATHS.member,
    { config: SIGNED_IN, schema: { params: memberParams, body: roleBody } },
    async (request, reply) => {
      await organizationAdmin.changeRole(access(request), request.params.userId, request.body.role);
      return reply.status(204).send();
    },
  );

  app.delete(
    ORGANIZATION_ADMIN_PATHS.member,
    { config: SIGNED_IN, schema: { params: memberParams } },
    async (request, reply) => {
      await organizationAdmin.removeMember(access(request), request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    ORGANIZATION_ADMIN_PATHS.invitations,
    {
      config: SIGNED_IN,
      schema: {
        params: organizationParams,
        body: inviteBody,
        response: { 201: z.object({ results: z.array(invitationAnswer) }) },
      },
    },
    async (request, reply) => {
      const results = await organizationAdmin.invite(
        access(request),
        request.body.emails,
        request.body.role ?? 'student',
      );
      return reply.status(201).send({ results });
    },
  );

  app.get(
    ORGANIZATION_ADMIN_PATHS.invitations,
    {
      config: SIGNED_IN,
      schema: {
        params: organizationParams,
        response: { 200: z.object({ results: z.array(invitationAnswer) }) },
      },
    },
    async (request) => ({ results: await organizationAdmin.invitations(id(request)) }),
  );

  app.delete(
    ORGANIZATION_ADMIN_PATHS.invitation,
    { config: SIGNED_IN, schema: { params: invitationParams } },
    async (request, reply) => {
      await organizationAdmin.revokeInvitation(access(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Handing the ownership over: the owner names the member and confirms with the organization's name.
  app.post(
    ORGANIZATION_ADMIN_PATHS.ownershipTransfer,
    {
      config: OWNERS_ONLY,
      schema: { params: organizationParams, body: transferBody, response: { 200: transferAnswer } },
    },
    async (request) =>
      organizationAdmin.transferOwnership(access(request), request.body.member_id, request.body.confirm),
  );

  // Public: the landing page names the organization and inviter to a visitor before they sign
  // in. The unguessable token (32 random bytes) is the key, as for accepting.
  app.get(
    ORGANIZATION_ADMIN_PATHS.invitationDetails,
    { schema: { querystring: invitationDetailsQuery, response: { 200: invitationDetailsAnswer } } },
    async (request) => organizationAdmin.invitationDetails(request.query.token),
  );

  app.post(
    ORGANIZATION_ADMIN_PATHS.accept,
    {
      config: SIGNED_IN,
      schema: {
        body: acceptBody,
        response: {
          200: z.object({
            organization: z.object({ id: z.number(), name: z.string() }),
            role: z.enum(['owner', 'admin', 'group_admin', 'student']),
          }),
        },
      },
    },
    async (request) => organizationAdmin.accept(requireUserId(request), request.body.token),
  );
};
