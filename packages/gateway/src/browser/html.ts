import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Tagged template: every interpolation is escaped unless wrapped in `raw()`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0]!;
  values.forEach((value, i) => {
    if (value instanceof Raw) out += value.html;
    else if (Array.isArray(value))
      out += value.map((v) => (v instanceof Raw ? v.html : escapeHtml(String(v)))).join('');
    else if (value !== undefined && value !== null && value !== false) out += escapeHtml(String(value));
    out += strings[i + 1]!;
  });
  return new Raw(out);
}

/**
 * A sandbox page under its own strict CSP: scripts and styles only from the sandbox's files
 * (no inline script or style), framable by the app origins only.
 */
export function sendPage(
  reply: FastifyReply,
  options: {
    title: string;
    body: Raw;
    scripts: string[];
    frameAncestors: readonly string[];
    status?: number;
  },
) {
  const ancestors = options.frameAncestors.includes('*')
    ? '*'
    : ["'self'", ...options.frameAncestors].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors ${ancestors}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
        <link rel="stylesheet" href="/hosted/assets/hosted.css" />
        ${options.scripts.map((src) => raw(`<script src="${escapeHtml(src)}" defer></script>`))}
      </head>
      <body>
        ${options.body}
      </body>
    </html> `;
  return reply
    .code(options.status ?? 200)
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
