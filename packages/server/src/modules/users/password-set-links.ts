import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_LINK_INVALID_MESSAGE, type SetPasswordInput } from '@lectern/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionStore } from '../../platform/auth/session-store.js';
import type { Database } from '../../platform/db/database.js';
import { validationError } from '../../platform/http/http-error.js';
import type { UsersService } from './users.service.js';
import { passwordSetTokens } from './users.tables.js';

/** How long a mailed link to set a password works. */
export const PASSWORD_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const SET_PASSWORD_PAGE = '/join/set-password/';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * One-time links to choose a password. The token travels only in the mail; the database keeps
 * its SHA-256, so a leaked table cannot be used to take an account.
 */
export function createPasswordSetLinks(deps: {
  db: Database;
  users: UsersService;
  sessions: Pick<SessionStore, 'destroyAllForUser'>;
  now: () => Date;
}) {
  return {
    /** A new link for the user, written with `writer` (the caller's transaction). Answers its page path. */
    async create(writer: Database, userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await writer.insert(passwordSetTokens).values({
        tokenHash: hashOf(token),
        userId,
        expiresAt: new Date(deps.now().getTime() + PASSWORD_LINK_TTL_MS),
      });
      return `${SET_PASSWORD_PAGE}?token=${token}`;
    },

    /**
     * Sets the password of the link's user, spends the link (and every other open link of the
     * account) and ends every session of the account, in one transaction: a link works once, and whoever was signed in before the
     * owner proved the address (a guest checkout's device) is not any more, on any instance.
     * Answers the user's id; an unknown, used or expired link is a 400 on `token`.
     */
    async use(input: SetPasswordInput): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordSetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordSetTokens.tokenHash, hashOf(input.token)),
              isNull(passwordSetTokens.usedAt),
              gt(passwordSetTokens.expiresAt, deps.now()),
            ),
          )
          .returning({ userId: passwordSetTokens.userId });
        if (!spent) throw validationError({ token: [PASSWORD_LINK_INVALID_MESSAGE] });
        // The account's older links die with it: once a password is chosen, a link still lying
        // in a mailbox must not choose another one.
        await tx
          .update(passwordSetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordSetTokens.userId, spent.userId), isNull(passwordSetTokens.usedAt)));
        await deps.users.setPassword(spent.userId, input.password, tx);
        await deps.sessions.destroyAllForUser(spent.userId, tx);
        return spent.userId;
      });
    },
  };
}

export type PasswordSetLinks = ReturnType<typeof createPasswordSetLinks>;
