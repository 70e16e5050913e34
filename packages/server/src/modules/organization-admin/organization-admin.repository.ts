import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { organizationAuditEvents, organizationInvitations } from './organization-admin.tables.js';

export type InvitationRow = typeof organizationInvitations.$inferSelect;
export type AuditEventRow = typeof organizationAuditEvents.$inferSelect;
export type AuditEventInput = Omit<typeof organizationAuditEvents.$inferInsert, 'id'>;

const open = (organizationId: number) =>
  and(
    eq(organizationInvitations.organizationId, organizationId),
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
  );

/** Organization invitations and the organization's audit log (this feature's tables only). */
export function createOrganizationAdminRepository(db: Database) {
  return {
    async openCount(organizationId: number, writer: Writer = db): Promise<number> {
      const [row] = await writer
        .select({ count: count() })
        .from(organizationInvitations)
        .where(open(organizationId));
      return row?.count ?? 0;
    },
    async openInvitations(organizationId: number): Promise<InvitationRow[]> {
      return db
        .select()
        .from(organizationInvitations)
        .where(open(organizationId))
        .orderBy(asc(organizationInvitations.createdAt), asc(organizationInvitations.id));
    },
    /** The open invitations among these e-mails (lowercase). */
    async openFor(organizationId: number, emails: string[], writer: Writer): Promise<InvitationRow[]> {
      if (emails.length === 0) return [];
      return writer
        .select()
        .from(organizationInvitations)
        .where(and(open(organizationId), inArray(organizationInvitations.email, emails)));
    },
    async insert(
      values: (typeof organizationInvitations.$inferInsert)[],
      writer: Writer,
    ): Promise<InvitationRow[]> {
      if (values.length === 0) return [];
      return writer.insert(organizationInvitations).values(values).returning();
    },
    /** An open invitation of the organization, locked until `writer` ends; null when there is none. */
    async openById(organizationId: number, id: number, writer: Writer): Promise<InvitationRow | null> {
      const [row] = await writer
        .select()
        .from(organizationInvitations)
        .where(and(eq(organizationInvitations.id, id), open(organizationId)))
        .for('update');
      return row ?? null;
    },
    /** Revokes an open invitation of the organization; null when there is none with this id. */
    async revoke(
      organizationId: number,
      id: number,
      at: Date,
      writer: Writer = db,
    ): Promise<InvitationRow | null> {
      const [row] = await writer
        .update(organizationInvitations)
        .set({ revokedAt: at })
        .where(and(eq(organizationInvitations.id, id), open(organizationId)))
        .returning();
      return row ?? null;
    },
    /** The invitation of a token's hash, whatever its state, without a lock (to show it). */
    async findByTokenHash(tokenHash: string): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.tokenHash, tokenHash));
      return row ?? null;
    },
    async byTokenHash(tokenHash: string, writer: Writer): Promise<InvitationRow | null> {
      const [row] = await writer
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },
    async markAccepted(id: number, at: Date, writer: Writer): Promise<void> {
      await writer
        .update(organizationInvitations)
        .set({ acceptedAt: at })
        .where(eq(organizationInvitations.id, id));
    },
    /** Adds lines to the audit log, in the transaction of the change they record. */
    async audit(events: AuditEventInput[], writer: Writer): Promise<void> {
      if (events.length === 0) return;
      await writer.insert(organizationAuditEvents).values(events);
    },
    /** The organization's latest audit lines, newest first. */
    async recentAudit(organizationId: number, limit: number): Promise<AuditEventRow[]> {
      return db
        .select()
        .from(organizationAuditEvents)
        .where(eq(organizationAuditEvents.organizationId, organizationId))
        .orderBy(desc(organizationAuditEvents.createdAt), desc(organizationAuditEvents.id))
        .limit(limit);
    },
  };
}
