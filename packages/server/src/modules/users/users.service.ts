import { randomBytes } from 'node:crypto';
import { EMAIL_TAKEN_MESSAGE, isValidTimeZone, type SignupInput } from '@lectern/domain';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import { validationError } from '../../platform/http/http-error.js';
import type { Database } from '../../platform/db/database.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hashing.js';
import { contactsInRead, createUsersRepository, type UserRow } from './users.repository.js';

/** For combined reads of features that have no users service at hand (the staff check). */
export { contactsInRead };

/** A user as the rest of the server sees it: never the password hash. */
export interface UserProfile {
  id: number;
  encryptedId: string;
  email: string;
  name: string;
  surname: string;
  displayName: string;
  country: string;
  language: string;
  locale: string;
  timeZone: string | null;
  /** On the marketplace's staff (any staff role, issue 32): may open the back office. */
  isOperator: boolean;
  /** Made by a guest checkout and no password chosen yet (nobody can log in with one). */
  guestSince: Date | null;
  /** When the account was anonymised on request (null: a live account). */
  anonymisedAt: Date | null;
  createdAt: Date;
}

function toProfile(row: UserRow): UserProfile {
  const { passwordHash: _secret, ...rest } = row;
  return { ...rest, displayName: [row.name, row.surname].filter(Boolean).join(' ') };
}

/** "Ada King Lovelace" → name "Ada", surname "King Lovelace"; one word is only a name. */
export function splitFullName(fullName: string): { name: string; surname: string } {
  const [name = '', ...rest] = fullName.trim().split(/\s+/);
  return { name, surname: rest.join(' ') };
}

export interface RegisterOptions {
  country?: string;
  locale?: string;
}

/**
 * How long a profile read for one request may serve the next ones. Nearly every request of a
 * signed-in user needs the profile (price country, locale); a change made here is seen at once,
 * one made through another server instance within this time.
 */
export const PROFILE_CACHE_MS = 10_000;
const PROFILE_CACHE_MAX = 50_000;

/** What every new account is made with: the password's hash, a public id, where and how it reads. */
async function newAccount(password: string, options: RegisterOptions) {
  const locale = options.locale ?? 'en_US';
  return {
    passwordHash: await hashPassword(password),
    encryptedId: randomBytes(16).toString('base64url'),
    country: options.country ?? 'US',
    locale,
    language: locale.split('_')[0] ?? 'en',
  };
}

export function createUsersService(db: Database) {
  const repository = createUsersRepository(db);
  const profiles = createExpiringCache<number, UserProfile>({
    ttlMs: PROFILE_CACHE_MS,
    maxEntries: PROFILE_CACHE_MAX,
  });
  const remember = (profile: UserProfile) => {
    profiles.set(profile.id, profile);
    return profile;
  };

  return {
    async register(input: SignupInput, options: RegisterOptions = {}): Promise<UserProfile> {
      const row = await repository.insert({
        ...splitFullName(input.name),
        email: input.email,
        ...(await newAccount(input.password, options)),
      });
      if (!row) throw validationError({ email: [EMAIL_TAKEN_MESSAGE] }, EMAIL_TAKEN_MESSAGE);
      return toProfile(row);
    },

    /**
     * An account for a guest checkout's e-mail (team-plan §6): a random password nobody knows,
     * `guestSince` set until the buyer chooses one from the mailed link. Null when the e-mail
     * is taken.
     */
    async registerGuest(
      email: string,
      options: RegisterOptions & { now: Date },
    ): Promise<UserProfile | null> {
      const row = await repository.insert({
        // The part before the @ until they say their name ("jane.doe").
        name: (email.split('@')[0] ?? email).slice(0, 64),
        surname: '',
        email,
        ...(await newAccount(randomBytes(32).toString('base64url'), options)),
        guestSince: options.now,
      });
      return row ? toProfile(row) : null;
    },

    async findByEmail(email: string): Promise<UserProfile | null> {
      const row = await repository.findByEmail(email);
      return row ? toProfile(row) : null;
    },

    /**
     * Sets the password (written with `writer` when given), which ends a guest account's guest
     * state. The caller ends the account's other sessions (password-set-links does, in its transaction).
     */
    async setPassword(id: number, password: string, writer?: Database): Promise<void> {
      const passwordHash = await hashPassword(password);
      profiles.delete(id);
      await repository.setPassword(id, passwordHash, writer);
    },

    /**
     * Another guest checkout puts a purchase in this guest account (decision 0030): its
     * `guest_since` moves on, so a device that made the account earlier can no longer be signed
     * in to it on that ground. Answers the new value; null when it is no guest account any more.
     */
    async touchGuest(id: number, at: Date, writer?: Database): Promise<Date | null> {
      profiles.delete(id);
      return repository.touchGuest(id, at, writer);
    },

    /** The user's `guest_since`, the row locked until `writer`'s transaction ends; null for no such user. */
    lockGuestSince: (id: number, writer: Database) => repository.lockGuestSince(id, writer),

    /** The user for these credentials, or null; takes the same time whether or not the e-mail exists. */
    async authenticate(email: string, password: string): Promise<UserProfile | null> {
      const row = await repository.findByEmail(email);
      if (!row) {
        await burnPasswordCheck(password);
        return null;
      }
      return (await verifyPassword(row.passwordHash, password)) ? toProfile(row) : null;
    },

    /** The user as they are now (not cached), read with `writer` inside a transaction. */
    async account(id: number, writer?: Database): Promise<UserProfile | null> {
      const row = await repository.accountOf(id, writer);
      return row ? toProfile(row) : null;
    },

    /** A page of accounts for the back office's customer list (issue 32). */
    search: (query: Parameters<typeof repository.search>[0]) => repository.search(query),

    async findById(id: number): Promise<UserProfile | null> {
      const cached = profiles.get(id);
      if (cached) return cached;
      const row = await repository.findById(id);
      return row ? remember(toProfile(row)) : null;
    },

    async setTimeZone(id: number, timeZone: string): Promise<UserProfile | null> {
      if (!isValidTimeZone(timeZone)) {
        throw validationError({ time_zone: [`"${timeZone}" is not a known time zone.`] });
      }
      profiles.delete(id);
      const row = await repository.updateTimeZone(id, timeZone);
      return row ? remember(toProfile(row)) : null;
    },

    /**
     * Forgets the profile read for this user (their staff membership changed, so `isOperator`
     * did): this instance reads it again at once, others within PROFILE_CACHE_MS.
     */
    forget(id: number): void {
      profiles.delete(id);
    },

    /**
     * The anonymised delete (issue 32), inside `writer` (the back office's transaction, which
     * also ends the sessions and audits it): see the repository's `anonymise`. Answers the
     * profile before, or null for no such user.
     */
    async anonymise(
      id: number,
      values: { email: string; at: Date },
      writer: Database,
    ): Promise<UserProfile | null> {
      profiles.delete(id);
      const before = await repository.anonymise(id, values, writer);
      return before ? toProfile(before) : null;
    },

    /** Where to mail these users, read with `writer` (a caller's transaction) when given. */
    contacts: (ids: number[], writer?: Database) => repository.contacts(ids, writer),
    /** Facts for a combined read (`prepareCombinedRead`). */
    reads: { contactsIn: contactsInRead },
    hasAnyUser: async (): Promise<boolean> => (await repository.count()) > 0,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
