import { z, type ZodType } from 'zod';
import type { RouteEntry } from './route-table.js';

type JsonSchema = Record<string, unknown>;

/** Zod to JSON Schema (2020-12, what OpenAPI 3.1 uses), as the request is sent (`input`). */
function jsonSchemaOf(schema: ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/courses/:id/` → `/courses/{id}/`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string', description: 'A sentence for people.' },
    code: { type: 'string', description: 'A stable code for programs.' },
    field_errors: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      description: 'Messages per field, with dotted paths for nested fields.',
    },
  },
};

/**
 * The OpenAPI 3.1 document of every registered route, generated from the zod schemas the
 * routes validate with (the same objects, so it cannot drift). Answers are described by the
 * one error contract; success bodies are the domain's types (not schemas), so they are left open.
 */
export function buildOpenApiDocument(
  routes: readonly RouteEntry[],
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', route.schema.params],
      ['query', route.schema.querystring],
    ] as const) {
      const json = jsonSchemaOf(schema);
      const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((json?.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: property,
        });
      }
    }
    for (const match of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
      const name = match[1]!;
      if (!parameters.some((parameter) => (parameter as { name: string }).name === name)) {
        parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    const body = jsonSchemaOf(route.schema.body);
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_all, next: string | undefined) => (next ?? '').toUpperCase())}`,
      parameters,
      responses: {
        '2XX': { description: 'Success' },
        '4XX': {
          description: 'The request was refused',
          content: { 'application/json': { schema: ERROR_BODY } },
        },
        '5XX': { description: 'The server failed', content: { 'application/json': { schema: ERROR_BODY } } },
      },
    };
    if (body) operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
    if (route.csrf && !['GET', 'HEAD'].includes(route.method)) {
      operation.security = [{ csrf: [] }];
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'Every error is `{detail, code, field_errors?}`. Unsafe methods that send any cookie need the `csrftoken` cookie (`__Host-csrftoken` in production) echoed in `X-CSRFToken` (a request without cookies needs none); the session is the `sessionid` cookie.',
    },
    components: {
      securitySchemes: {
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
      },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
