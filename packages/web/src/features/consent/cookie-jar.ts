import { parseCookies } from '../../platform/cookies';

/** How a cookie is written: always on the whole site (`Path=/`) and first-party (`SameSite=Lax`). */
export interface CookieWriteOptions {
  maxAgeSeconds: number;
}

/**
 * The page's cookies as the consent and tracking features need them: read, write with an
 * expiry, remove, list. A parameter rather than `document.cookie` so tests can use their own.
 */
export interface CookieJar {
  read(name: string): string | undefined;
  write(name: string, value: string, options: CookieWriteOptions): void;
  /** Removes the cookie on this host and on each parent domain (third-party tags set theirs there). */
  remove(name: string): void;
  names(): string[];
}

/** `example.co.uk` for `shop.example.co.uk`, and so on up to the last two labels. */
function cookieDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname)) return [];
  const labels = hostname.split('.');
  const domains: string[] = [];
  for (let start = 0; start <= labels.length - 2; start += 1) domains.push(labels.slice(start).join('.'));
  return domains;
}

/** The server's render has no cookie jar of its own: consent is read and written in the browser. */
const SERVER_RENDER_JAR: CookieJar = { read: () => undefined, write() {}, remove() {}, names: () => [] };

/** The browser's cookie jar (`document.cookie`). */
export function documentCookieJar(doc: Document | undefined = globalThis.document): CookieJar {
  if (!doc) return SERVER_RENDER_JAR;
  const secure = () => (doc.location?.protocol === 'https:' ? '; Secure' : '');
  return {
    read: (name) => parseCookies(doc.cookie).get(name),
    write(name, value, { maxAgeSeconds }) {
      doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure()}`;
    },
    remove(name) {
      const expired = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
      doc.cookie = expired;
      // A cookie set with a Domain attribute only goes away with the same attribute.
      for (const domain of cookieDomains(doc.location?.hostname ?? ''))
        doc.cookie = `${expired}; Domain=${domain}`;
    },
    names: () => [...parseCookies(doc.cookie).keys()],
  };
}
