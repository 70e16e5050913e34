import { randomBytes } from 'node:crypto';
import { API_ERROR_CODES } from '@lectern/domain';
import { HttpError } from '../../platform/http/http-error.js';
import type { CartSnapshot } from './carts.repository.js';

/** The ETag of an owner who has no cart yet. Real versions are random 16-character tokens. */
export const NO_CART_ETAG = '"0"';

/** A new cart version; versions are never reused, so a compare-and-swap on one proves the cart is unchanged. */
export const newVersion = () => randomBytes(12).toString('base64url');

export const etagOf = (snapshot: CartSnapshot | null) => (snapshot ? `"${snapshot.version}"` : NO_CART_ETAG);

/** The tag an If-Match header names, without the `W/` prefix proxies add when they compress. */
export const ifMatchTag = (ifMatch: string | undefined) => ifMatch?.trim().replace(/^W\//, '');

const preconditionRequired = () =>
  new HttpError(
    428,
    API_ERROR_CODES.preconditionRequired,
    "Send the cart's ETag in an If-Match header: fetch the cart first, then retry the change.",
  );
const preconditionFailed = (current: string) =>
  new HttpError(
    412,
    API_ERROR_CODES.preconditionFailed,
    'The cart has changed since you loaded it (If-Match does not match its ETag). Fetch it again and retry.',
    undefined,
    { etag: current },
  );

/** Another write won the compare-and-swap on the version. */
export const cartConflict = () =>
  new HttpError(
    409,
    API_ERROR_CODES.conflict,
    'The cart was changed by another request at the same moment. Fetch it again and retry.',
  );

/**
 * Platform §7 If-Match: a missing header is refused (428) once the cart exists; `*` matches
 * any existing cart; otherwise one of the listed tags must equal the current ETag. Tags are
 * compared without a `W/` prefix, which proxies add when they compress.
 */
export function checkPrecondition(ifMatch: string | undefined, snapshot: CartSnapshot | null): void {
  const header = ifMatch?.trim();
  if (!header) {
    if (snapshot) throw preconditionRequired();
    return;
  }
  const current = etagOf(snapshot);
  const tags = header.split(',').map((tag) => ifMatchTag(tag));
  if (tags.includes('*') ? snapshot !== null : tags.includes(current)) return;
  throw preconditionFailed(current);
}
