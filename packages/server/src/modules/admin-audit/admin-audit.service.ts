import type { Database } from '../../platform/db/database.js';
import type { StaffMember } from '../staff/staff-access.js';
import { adminAuditEvents } from './admin-audit.tables.js';

/** One change made in the back office, as `record` takes it. */
export interface AuditEntry {
  actor: StaffMember;
  /** `<object type>.<verb>`: `course.published`, `order.refunded`, `staff.role_changed`. */
  action: string;
  objectType: string;
  objectId: string | number;
  /** One line a person reads in the list. */
  summary: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The back office's audit log: what staff changed, written in the same transaction as the
 * change (a change that rolls back leaves no entry, an entry never lacks its change).
 */
export function createAdminAudit() {
  return {
    async record(executor: Database, entry: AuditEntry): Promise<void> {
      await executor.insert(adminAuditEvents).values({
        actorId: entry.actor.userId,
        actorEmail: entry.actor.email,
        actorRole: entry.actor.role,
        action: entry.action,
        objectType: entry.objectType,
        objectId: String(entry.objectId),
        summary: entry.summary,
        reason: entry.reason ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },
  };
}

export type AdminAudit = ReturnType<typeof createAdminAudit>;
