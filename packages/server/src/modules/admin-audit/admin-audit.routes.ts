import { adminAuditQuerySchema, type AdminAuditEvent, type AdminPage } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database.js';
import { staffOnly } from '../staff/staff-access.js';
import { listAuditEvents } from './admin-audit.repository.js';

export const AUDIT_EVENTS_PATH = '/api-2.0/admin/audit-events/';

/**
 * The back office's audit log (issue 32), read only: the whole log, searchable and filtered,
 * and one object's trail (`object_type` and `object_id`). Any staff member reads it; nobody
 * writes it through the API (each change records its own entry, and the table refuses updates).
 */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    AUDIT_EVENTS_PATH,
    { config: staffOnly('backOffice.read'), schema: { querystring: adminAuditQuerySchema } },
    (request): Promise<AdminPage<AdminAuditEvent>> => listAuditEvents(db, request.query),
  );
};
