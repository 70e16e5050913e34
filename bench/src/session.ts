// Logs in over HTTP like a browser: GET for the csrftoken cookie, then POST the login with it echoed.

export interface Session {
  /** Value for a Cookie header. */
  cookie: string;
  /** The same cookies one by one, for a browser's cookie jar. */
  cookies: { name: string; value: string }[];
  csrfToken: string;
}

type Jar = Map<string, string>;

function absorb(jar: Jar, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

const cookieHeader = (jar: Jar): string => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

export async function logIn(baseUrl: string, email: string, password: string): Promise<Session> {
  const jar: Jar = new Map();
  const first = await fetch(`${baseUrl}/api-2.0/contexts/me/?me=True`);
  absorb(jar, first);
  await first.arrayBuffer();
  const csrf = jar.get('csrftoken');
  if (!csrf) throw new Error('GET /api-2.0/contexts/me/ set no csrftoken cookie');

  const login = await fetch(`${baseUrl}/api-2.0/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: cookieHeader(jar) },
    body: JSON.stringify({ email, password }),
  });
  absorb(jar, login);
  const body = await login.text();
  if (!login.ok) throw new Error(`login as ${email} answered ${login.status}: ${body.slice(0, 200)}`);
  if (!jar.get('sessionid')) throw new Error(`login as ${email} set no sessionid cookie`);

  return {
    cookie: cookieHeader(jar),
    cookies: [...jar].map(([name, value]) => ({ name, value })),
    csrfToken: jar.get('csrftoken') ?? csrf,
  };
}
