import {
  API_ERROR_CODES,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginInput,
  type SignupInput,
} from '@lectern/domain';
import type { SessionStore } from '../../platform/auth/session-store.js';
import type { Database } from '../../platform/db/database.js';
import { createAttemptLimiter, hitAll } from '../../platform/rate-limit/attempt-limiter.js';
import { HttpError, notAuthenticated } from '../../platform/http/http-error.js';
import type { UserProfile, UsersService } from '../users/users.service.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export interface AuthLimits {
  /** Failed logins per e-mail and address before a cool-down. */
  loginFailuresPerAccount: number;
  /** Failed logins per address, across e-mails (credential stuffing). */
  loginFailuresPerAddress: number;
  /** Signup attempts per address. */
  signupsPerAddress: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAccount: 5,
  loginFailuresPerAddress: 30,
  signupsPerAddress: 20,
};

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  country?: string;
  locale?: string;
}

export function createAuthService(deps: {
  db: Database;
  users: UsersService;
  sessions: SessionStore;
  limits?: AuthLimits;
}) {
  const limits = deps.limits ?? DEFAULT_AUTH_LIMITS;
  // Shared by every instance through PostgreSQL (design §6); addresses are the client's as
  // seen through the configured trusted proxies only (TRUST_PROXY).
  const accountFailures = createAttemptLimiter(deps.db, {
    name: 'login.account',
    max: limits.loginFailuresPerAccount,
    windowMs: FIFTEEN_MINUTES,
  });
  const addressFailures = createAttemptLimiter(deps.db, {
    name: 'login.address',
    max: limits.loginFailuresPerAddress,
    windowMs: FIFTEEN_MINUTES,
  });
  const signups = createAttemptLimiter(deps.db, {
    name: 'signup.address',
    max: limits.signupsPerAddress,
    windowMs: ONE_HOUR,
  });

  const startSession = async (user: UserProfile, client: ClientInfo) => ({
    user,
    ...(await deps.sessions.create(user.id, client.userAgent)),
  });

  return {
    /** Counts a signup attempt from this address, valid or not, and refuses past the limit. */
    async countSignupAttempt(ip: string): Promise<void> {
      await signups.hit(ip);
    },

    /** A session for a user who proved who they are another way: a link mailed to them. */
    async signIn(userId: number, client: ClientInfo) {
      const user = await deps.users.findById(userId);
      if (!user) throw notAuthenticated();
      return startSession(user, client);
    },

    /**
     * A session written with `writer`: the caller's transaction, which checked under a lock that
     * this device may have one (the guest checkout's new account, decision 0030).
     */
    openSession: (userId: number, client: ClientInfo, writer: Database) =>
      deps.sessions.create(userId, client.userAgent, writer),

    /**
     * Ends every session of the user on every instance at once (decision 0013: the deletion is
     * announced): a password set, or a guest account another checkout used.
     */
    endAllSessions: (userId: number, writer?: Database) => deps.sessions.destroyAllForUser(userId, writer),

    async signup(input: SignupInput, client: ClientInfo) {
      const user = await deps.users.register(input, { country: client.country, locale: client.locale });
      return startSession(user, client);
    },

    /**
     * Every attempt is counted before the password is checked (one round trip for both limits)
     * and given back when it succeeds: checking first and recording failures afterwards would
     * let a burst of concurrent guesses all pass the check while the hashes are computed.
     */
    async login(input: LoginInput, client: ClientInfo) {
      const accountKey = `${client.ip}|${input.email}`;
      const attempt = await hitAll(deps.db, [
        [accountFailures, accountKey],
        [addressFailures, client.ip],
      ]);
      const user = await deps.users.authenticate(input.email, input.password);
      if (!user) throw new HttpError(400, API_ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);
      // The account's failures are forgotten; the address keeps its other failures.
      await Promise.all([accountFailures.reset(accountKey), attempt.giveBack()]);
      return startSession(user, client);
    },

    logout: (token: string) => deps.sessions.destroy(token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
