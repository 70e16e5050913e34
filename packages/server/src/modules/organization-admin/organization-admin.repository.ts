import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { organizationInvitations } from './organization-admin.tables.js';

export type InvitationRow = typeof organizationInvitations.$inferSelect;

const open = (organizationId: number) =>
  and(
    eq(organizationInvitations.organizationId, organizationId),
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
  );

/** Organization invitations (this feature's table only). */
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
    /** Revokes an open invitation of the organization; null when there is none with this id. */
    async revoke(organizationId: number, id: number, at: Date): Promise<InvitationRow | null> {
      const [row] = await db
        .update(organizationInvitations)
        .set({ revokedAt: at })
        .where(and(eq(organizationInvitations.id, id), open(organizationId)))
        .returning();
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
    /** The invitations most recently sent, accepted or withdrawn (the recent activity). */
    async recentlyChanged(organizationId: number, limit: number): Promise<InvitationRow[]> {
      const { createdAt, acceptedAt, revokedAt } = organizationInvitations;
      return db
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.organizationId, organizationId))
        .orderBy(
          desc(sql`greatest(${createdAt}, ${acceptedAt}, ${revokedAt})`),
          desc(organizationInvitations.id),
        )
        .limit(limit);
    },
    async markAccepted(id: number, at: Date, writer: Writer): Promise<void> {
      await writer
        .update(organizationInvitations)
        .set({ acceptedAt: at })
        .where(eq(organizationInvitations.id, id));
    },
  };
}
