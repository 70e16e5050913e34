// `npm run admin:create` (issue 32): the first owner of a marketplace comes from the command
// line. Run here on a migrated, seeded embedded database, as the command opens the configured one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.js';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { pgliteTemplate } from '../../test-support/pglite-template.js';
import { AdminCreateError, adminCreateIn, parseAdminCreateArgs } from './admin-create.js';
import { STAFF_MESSAGES } from './staff.service.js';

let database: DatabaseHandle;
const config = {
  ...loadConfig({ NODE_ENV: 'test' }),
  seedDemoData: true,
  publicUrl: 'https://learn.example.com',
};
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

beforeAll(async () => {
  const template = await pgliteTemplate();
  database = await openDatabase({ kind: 'pglite', dataDir: null, ...(template ? { template } : {}) });
});
afterAll(() => database.close());

describe('parseAdminCreateArgs', () => {
  it('reads the e-mail (lower-cased), the role (owner by default) and a name', () => {
    expect(parseAdminCreateArgs(['--email', ' Boss@Example.com '])).toEqual({
      email: 'boss@example.com',
      role: 'owner',
      name: null,
    });
    expect(
      parseAdminCreateArgs(['--email=sam@example.com', '--role', 'support', '--name', 'Sam Support']),
    ).toEqual({
      email: 'sam@example.com',
      role: 'support',
      name: 'Sam Support',
    });
    expect(parseAdminCreateArgs(['--help'])).toBeNull();
  });

  it('refuses bad input with a message', () => {
    expect(() => parseAdminCreateArgs([])).toThrow('--email is required.');
    expect(() => parseAdminCreateArgs(['--email', 'nope'])).toThrow(AdminCreateError);
    expect(() => parseAdminCreateArgs(['--email', 'a@b.co', '--role', 'boss'])).toThrow(
      /--role must be one of/,
    );
    expect(() => parseAdminCreateArgs(['--email', 'a@b.co', '--colour', 'red'])).toThrow(AdminCreateError);
  });
});

describe('adminCreate', () => {
  it('creates a missing account with a set-password link, and makes it an owner (audited)', async () => {
    const result = await adminCreateIn(database, config, {
      email: 'first.owner@example.com',
      role: 'owner',
      name: null,
    });
    expect(result).toMatchObject({ created: true, previousRole: null, role: 'owner' });
    expect(result.setPasswordUrl).toMatch(
      /^https:\/\/learn\.example\.com\/join\/set-password\/\?token=[A-Za-z0-9_-]+$/,
    );
    expect(result.messages.join('\n')).toContain('Created the account first.owner@example.com');
    const [user] = await rows<{ name: string; role: string }>(sql`select u.name, s.role from users u
      join staff_members s on s.user_id = u.id where u.email = 'first.owner@example.com'`);
    expect(user).toEqual({ name: 'first.owner', role: 'owner' });
    const [link] = await rows<{ n: number }>(sql`select count(*)::int as n from password_set_tokens t
      join users u on u.id = t.user_id where u.email = 'first.owner@example.com' and t.used_at is null`);
    expect(Number(link!.n)).toBe(1);
    const [entry] = await rows<{ action: string; actor_email: string }>(
      sql`select action, actor_email from admin_audit_events where object_type = 'staff'
        and object_id = (select id::text from users where email = 'first.owner@example.com')`,
    );
    expect(entry).toEqual({ action: 'staff.joined', actor_email: 'first.owner@example.com' });
  });

  it('gives an existing account the role, says when nothing changed, and keeps the last owner', async () => {
    const learner = await adminCreateIn(database, config, {
      email: 'learner@example.com',
      role: 'support',
      name: null,
    });
    expect(learner).toMatchObject({ created: false, previousRole: null, setPasswordUrl: null });
    expect(learner.messages[0]).toBe('learner@example.com is now Support of the back office.');
    const again = await adminCreateIn(database, config, {
      email: 'learner@example.com',
      role: 'support',
      name: null,
    });
    expect(again.messages[0]).toBe(
      'learner@example.com is already Support of the back office: nothing changed.',
    );

    // Two owners now (the demo operator and first.owner): one may step down, not both.
    await adminCreateIn(database, config, { email: 'operator@example.com', role: 'finance', name: null });
    await expect(
      adminCreateIn(database, config, { email: 'first.owner@example.com', role: 'read_only', name: null }),
    ).rejects.toThrow(STAFF_MESSAGES.lastOwner);
  });
});
