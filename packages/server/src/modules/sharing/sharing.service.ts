import { randomBytes } from 'node:crypto';
import type { ShareRequest } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { createSharingRepository } from './sharing.repository.js';

/** Path of a short link; `GET` on it redirects to the shared page. */
export const shareLinkPath = (code: string): string => `/s/${code}/`;

/** 6 random bytes: 8 base64url characters, 2^48 codes, so a code cannot be guessed. */
const CODE_BYTES = 6;
export const SHARE_CODE = /^[A-Za-z0-9_-]{8}$/;
/** A collision is already a one-in-billions event; a few draws make a failure practically impossible. */
const MAX_DRAWS = 5;

/** Platform §7/§9 sharing: short links to pages of this site that count their visits. */
export function createSharingService(db: Database) {
  const repository = createSharingRepository(db);
  return {
    /** Stores a short link for a request already checked by the domain; returns its code. */
    async createLink(request: ShareRequest, userId: number | null): Promise<string> {
      for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
        const code = randomBytes(CODE_BYTES).toString('base64url');
        const stored = await repository.insertLink({
          code,
          target: request.target,
          context: request.context,
          userId,
        });
        if (stored) return code;
      }
      throw new Error(`no free share code after ${MAX_DRAWS} draws`);
    },

    /**
     * The page to send the visitor to, or null for an unknown code. A visit is counted unless
     * `probe` (a HEAD request: link checkers and previews ask before anyone clicks).
     */
    async follow(code: string, { probe = false }: { probe?: boolean } = {}): Promise<string | null> {
      if (!SHARE_CODE.test(code)) return null;
      return probe ? repository.target(code) : repository.visit(code);
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
