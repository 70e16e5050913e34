import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  emailAddressSchema,
  PAGE_ROUTES,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '@lectern/domain';
import Fastify from 'fastify';
import { createSessionStore } from '../../platform/auth/session-store.js';
import type { AppConfig } from '../../platform/config/config.js';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import { runMigrations } from '../../platform/db/migrate.js';
import { seedDemoData } from '../../seed/demo-seed.js';
import { createAdminAudit } from '../admin-audit/admin-audit.service.js';
import { createPasswordSetLinks, PASSWORD_LINK_TTL_MS } from '../users/password-set-links.js';
import { createUsersService } from '../users/users.service.js';
import { appointStaff } from './staff.service.js';

export const ADMIN_CREATE_USAGE = `Usage: npm run admin:create -- --email <address> [--role <role>] [--name <full name>]

Makes the account with this e-mail address a member of the back office's staff (an owner by
default). Without such an account, one is created with a random password, and a one-time link
to choose the password is printed.

  --email   the account's e-mail address (required)
  --role    ${STAFF_ROLES.join(', ')} (default: owner)
  --name    the new account's full name (default: the part of the address before the @)`;

/** A refusal of the command line or of the database: printed, and the command exits with 1. */
export class AdminCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCreateError';
  }
}

export interface AdminCreateRequest {
  email: string;
  role: StaffRole;
  name: string | null;
}

/** Reads `--email`, `--role` and `--name`; null for `--help`. Throws AdminCreateError on bad input. */
export function parseAdminCreateArgs(argv: readonly string[]): AdminCreateRequest | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new AdminCreateError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return null;
  if (values.email === undefined) throw new AdminCreateError('--email is required.');
  const email = emailAddressSchema.safeParse(values.email);
  if (!email.success) {
    throw new AdminCreateError(`--email: ${email.error.issues[0]?.message ?? 'not a valid e-mail address.'}`);
  }
  const role = values.role ?? 'owner';
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw new AdminCreateError(`--role must be one of ${STAFF_ROLES.join(', ')} (got "${role}").`);
  }
  const name = values.name?.trim() ?? null;
  if (name !== null && (name.length === 0 || name.length > 64)) {
    throw new AdminCreateError('--name must be between 1 and 64 characters.');
  }
  return { email: email.data, role: role as StaffRole, name };
}

export interface AdminCreateResult {
  userId: number;
  email: string;
  role: StaffRole;
  /** The account was made now (it has a random password until the link is used). */
  created: boolean;
  /** The staff role it had before (null: not on the staff). */
  previousRole: StaffRole | null;
  /** The absolute one-time link to choose a password (new accounts only). */
  setPasswordUrl: string | null;
  /** Lines to print. */
  messages: string[];
}

/**
 * `npm run admin:create`: opens the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR), migrates it (and, outside production, fills an empty one with the demo, as the
 * server's start would), then puts the account on the staff. The first owner of a new
 * marketplace comes from here.
 */
export async function adminCreate(
  config: AppConfig,
  request: AdminCreateRequest,
): Promise<AdminCreateResult> {
  const database = await openDatabase(config.database);
  try {
    const result = await adminCreateIn(database, config, request);
    if (config.database.kind === 'pglite' && config.database.dataDir) {
      result.messages.unshift(
        `Used the embedded database in ${config.database.dataDir} (the server must not run meanwhile: it is one process's database).`,
      );
    }
    return result;
  } finally {
    await database.close();
  }
}

/** `adminCreate` on a database the caller opened (and closes). */
export async function adminCreateIn(
  database: DatabaseHandle,
  config: Pick<AppConfig, 'seedDemoData' | 'publicUrl'>,
  request: AdminCreateRequest,
): Promise<AdminCreateResult> {
  const messages: string[] = [];
  await runMigrations(database);
  if (config.seedDemoData && (await seedDemoData(database.db, Fastify({ logger: false }).log))) {
    messages.push('The database was empty: it now holds the demo data, as after a first start.');
  }
  const clock = { now: () => new Date() };
  const audit = createAdminAudit();
  const sessions = createSessionStore(database.db);
  const result = await database.db.transaction(async (tx) => {
    const users = createUsersService(tx);
    let user = await users.findByEmail(request.email);
    let setPasswordPath: string | null = null;
    const created = user === null;
    if (!user) {
      user = await users.register(
        {
          name: request.name ?? (request.email.split('@')[0] ?? request.email).slice(0, 64),
          email: request.email,
          password: randomBytes(32).toString('base64url'),
        },
        {},
      );
      setPasswordPath = await createPasswordSetLinks({ db: tx, users, sessions, now: clock.now }).create(
        tx,
        user.id,
      );
    }
    const previousRole = await appointStaff({ db: tx, users, audit, clock }, user.id, request.role);
    return { user, created, setPasswordPath, previousRole };
  });
  const label = STAFF_ROLE_LABELS[request.role];
  const email = result.user.email;
  if (result.created) {
    messages.push(`Created the account ${email} and made it ${label} of the back office.`);
  } else if (result.previousRole === request.role) {
    messages.push(`${email} is already ${label} of the back office: nothing changed.`);
  } else if (result.previousRole) {
    messages.push(
      `${email} is now ${label} of the back office (was ${STAFF_ROLE_LABELS[result.previousRole]}).`,
    );
  } else {
    messages.push(`${email} is now ${label} of the back office.`);
  }
  const setPasswordUrl = result.setPasswordPath ? `${config.publicUrl}${result.setPasswordPath}` : null;
  if (setPasswordUrl) {
    const days = Math.round(PASSWORD_LINK_TTL_MS / (24 * 60 * 60 * 1000));
    messages.push(
      `Choose its password with this one-time link (valid for ${days} days):`,
      `  ${setPasswordUrl}`,
    );
  }
  messages.push(`Sign in at ${config.publicUrl}${PAGE_ROUTES.adminDashboard}`);
  return {
    userId: result.user.id,
    email,
    role: request.role,
    created: result.created,
    previousRole: result.previousRole,
    setPasswordUrl,
    messages,
  };
}
