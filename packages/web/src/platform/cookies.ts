/**
 * Reads cookies from a `document.cookie`-style string. The string is a parameter so the
 * API client and tests can hand in their own jar.
 */
export function parseCookies(cookieString: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name === '' || cookies.has(name)) continue;
    cookies.set(name, safeDecode(part.slice(separator + 1).trim()));
  }
  return cookies;
}

export function readCookie(name: string, cookieString: string = documentCookies()): string | undefined {
  return parseCookies(cookieString).get(name);
}

/** The page's cookies, or none outside a browser. */
export function documentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A cookie set by other code may hold a stray "%"; keep it as it is.
    return value;
  }
}
