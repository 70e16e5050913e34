import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.js';
import type { RouteEntry } from './route-table.js';

export const OPENAPI_PATHS = { document: '/api-2.0/openapi.json', docs: '/api-2.0/docs/' } as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * `GET /api-2.0/openapi.json` (the OpenAPI 3.1 document of every route) and `GET /api-2.0/docs/`
 * (a page listing the operations, rendered here: no script, so it works offline and under the
 * strict CSP). Built once, on first request, when every route is registered. Outside the API
 * scope: the document's name has no trailing slash.
 */
export const openApiRoutes: FastifyPluginAsync<{ routes: readonly RouteEntry[]; title: string }> = async (
  app,
  { routes, title },
) => {
  let document: OpenApiDocument | null = null;
  const documentOf = () =>
    (document ??= buildOpenApiDocument(routes, { title: `${title} API`, version: '2.0' }));

  app.get(OPENAPI_PATHS.document, async () => documentOf());

  app.get(OPENAPI_PATHS.docs, async (_request, reply) => {
    const nonce = reply.useCspNonce();
    const rows = Object.entries(documentOf().paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const { parameters, requestBody } = operation as {
          parameters: { name: string; in: string }[];
          requestBody?: unknown;
        };
        const params = parameters.map((parameter) => `${parameter.name} (${parameter.in})`).join(', ');
        return `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(params)}</td><td>${requestBody ? 'JSON' : ''}</td></tr>`;
      }),
    );
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} API</title>
<style nonce="${nonce}">body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1c1d1f}table{border-collapse:collapse}td,th{padding:.3rem .8rem;border-bottom:1px solid #d1d7dc;text-align:left}code{font-size:14px}</style>
</head><body><main>
<h1>${escapeHtml(title)} API</h1>
<p>The machine-readable description is <a href="${OPENAPI_PATHS.document}">${OPENAPI_PATHS.document}</a> (OpenAPI 3.1). Errors are <code>{detail, code, field_errors?}</code>; unsafe methods need the CSRF cookie echoed in <code>X-CSRFToken</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Parameters</th><th>Body</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></main></body></html>`;
  });
};
