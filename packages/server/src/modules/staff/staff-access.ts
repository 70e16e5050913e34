import { staffMay, type StaffPermission, type StaffRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { prepareCombinedRead, type CombinedRead, type ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { notAuthenticated, permissionDenied } from '../../platform/http/http-error.js';
import { contactsInRead } from '../users/users.service.js';
import { staffMembers } from './staff.tables.js';

/** Every back office API route lives under this prefix, and each one names its permission. */
export const ADMIN_API_PREFIX = '/api-2.0/admin/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member calling a back office route (set by the staff check; null elsewhere). */
    staff: StaffMember | null;
  }
  interface FastifyContextConfig {
    /** The permission a back office route needs (STAFF_ROLE_PERMISSIONS decides who has it). */
    staff?: StaffPermission;
  }
}

export interface StaffMember {
  userId: number;
  email: string;
  role: StaffRole;
}

/**
 * Route config of a back office route: signed-in staff whose role has `permission`. A visitor
 * gets 401 and anyone else 403, both before the body is read.
 */
export const staffOnly = (permission: StaffPermission) => ({ auth: 'user' as const, staff: permission });

/** The staff role of the user `userId` (null: not on the staff), for a combined read. */
const staffRoleRead: ReadPart<StaffRole | null> = {
  sql: sql`select ${staffMembers.role} from ${staffMembers} where ${staffMembers.userId} = ${sql.placeholder('userId')}`,
  parse: (value) => (value ?? null) as StaffRole | null,
};

type MemberRead = CombinedRead<{
  role: typeof staffRoleRead;
  contacts: ReturnType<typeof contactsInRead>;
}>;
// Every back office request reads it: one prepared statement per database.
const memberReads = new WeakMap<Database, MemberRead>();

/** Who the user is on the staff (null: not staff): their role, and their e-mail from the users feature. */
export async function staffMemberOf(db: Database, userId: number): Promise<StaffMember | null> {
  let read = memberReads.get(db);
  if (!read) {
    read = prepareCombinedRead(db, 'staff_member_of', {
      role: staffRoleRead,
      contacts: contactsInRead(sql`${sql.placeholder('userId')}`),
    });
    memberReads.set(db, read);
  }
  const { role, contacts } = await read.execute({ userId });
  const email = contacts[0]?.email;
  return role && email ? { userId, email, role } : null;
}

/** The staff member of a back office request (set by the staff check before the handler). */
export function requireStaff(request: FastifyRequest): StaffMember {
  if (!request.staff) throw permissionDenied();
  return request.staff;
}

/**
 * The back office's one access rule, applied to every route that names a permission: a
 * visitor 401, a user who is not staff or whose role lacks the permission 403. A route under
 * ADMIN_API_PREFIX without a permission stops the server at start, so none can be forgotten.
 */
export function registerStaffAccess(app: FastifyInstance, { db }: { db: Database }): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url?.startsWith(ADMIN_API_PREFIX) && !(route.config as { staff?: string } | undefined)?.staff) {
      throw new Error(
        `${String(route.method)} ${route.url} is a back office route without a staff permission.`,
      );
    }
  });
  app.addHook('preParsing', async (request) => {
    const permission = request.routeOptions.config?.staff;
    if (!permission) return;
    if (request.userId === null) throw notAuthenticated();
    const member = await staffMemberOf(db, request.userId);
    if (!member || !staffMay(member.role, permission)) {
      throw permissionDenied(
        member
          ? `Your staff role (${member.role}) may not do this.`
          : 'Only the marketplace’s staff may use the back office.',
      );
    }
    request.staff = member;
  });
}
