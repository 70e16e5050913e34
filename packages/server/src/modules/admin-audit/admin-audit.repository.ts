import { adminPageOffset, type AdminAuditEvent, type AdminAuditQuery, type AdminPage } from '@lectern/domain';
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { likePattern } from '../staff/staff-membership.js';
import { adminAuditEvents } from './admin-audit.tables.js';

type AuditRow = typeof adminAuditEvents.$inferSelect;

const eventView = (row: AuditRow): AdminAuditEvent => ({
  id: row.id,
  created: row.createdAt.toISOString(),
  actor: { id: row.actorId, email: row.actorEmail, role: row.actorRole },
  action: row.action,
  object_type: row.objectType,
  object_id: row.objectId,
  summary: row.summary,
  reason: row.reason,
  before: row.before,
  after: row.after,
});

/** The day after a `YYYY-MM-DD` date, at midnight UTC (a `to` date includes its whole day). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000);

/**
 * The audit log as one searchable list (issue 32): `q` in the summary, the actor's e-mail and
 * the object id; filters by actor (an e-mail, or a user id), object type and id (one object's
 * trail), action and days (UTC, both ends included). Newest first unless `sort=created`.
 */
export async function listAuditEvents(
  db: Database,
  query: AdminAuditQuery,
): Promise<AdminPage<AdminAuditEvent>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(adminAuditEvents.summary, pattern),
        ilike(adminAuditEvents.actorEmail, pattern),
        ilike(adminAuditEvents.objectId, pattern),
      )!,
    );
  }
  if (query.actor) {
    conditions.push(
      /^[1-9]\d{0,9}$/.test(query.actor) && Number(query.actor) <= 2_147_483_647
        ? eq(adminAuditEvents.actorId, Number(query.actor))
        : eq(sql`lower(${adminAuditEvents.actorEmail})`, query.actor.toLowerCase()),
    );
  }
  if (query.object_type) conditions.push(eq(adminAuditEvents.objectType, query.object_type));
  if (query.object_id) conditions.push(eq(adminAuditEvents.objectId, query.object_id));
  if (query.action) conditions.push(eq(adminAuditEvents.action, query.action));
  if (query.from) conditions.push(gte(adminAuditEvents.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(adminAuditEvents.createdAt, dayAfter(query.to)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sort.descending ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditEvents)
      .where(where)
      .orderBy(direction(adminAuditEvents.createdAt), direction(adminAuditEvents.id))
      .limit(query.page_size)
      .offset(adminPageOffset(query.page, query.page_size)),
    db.select({ value: count() }).from(adminAuditEvents).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(eventView),
  };
}
