import fc from 'fast-check';
import { z, type ZodType } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** Values that broke servers before: huge and odd numbers, NUL, lone surrogates, long and odd text. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '\\\\evil.example',
  '//evil.example',
  'https://evil.example/\r\nSet-Cookie: x=1',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '9'.repeat(40),
  '2147483648',
  // An int4 past its end behind a prefix: a checkout reference the server parses (issue 37).
  'LSC-2147483648',
  '2026-09-31',
  '-1',
  '1e308',
  'NaN',
  '0x7fffffff',
  'é'.repeat(300),
  'a'.repeat(5_000),
] as const;

/**
 * The integers at the edges of what our columns and JavaScript hold: 2^31 (one past int4, the
 * ids and method ids PostgreSQL refused with a 500 before issue 37), 2^53 (one past the safe
 * integers), -1 and 0 (below every id). Every integer field is tried with each of them.
 */
export const BOUNDARY_INTEGERS = [2 ** 31, 2 ** 53, -1, 0] as const;

export const NASTY_NUMBERS = [
  ...BOUNDARY_INTEGERS,
  1.5,
  2_147_483_647,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
] as const;

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const nastyNumber = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_INTEGERS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);
/** Text matching a JSON Schema pattern (any text when fast-check cannot read the pattern). */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 30 });
  }
}

/** Anything JSON can say, for a value whose schema is unknown or to be ignored. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Zod to the JSON Schema an arbitrary is drawn from (the request as sent). */
export function jsonSchemaOf(schema: ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values shaped like `schema` most of the time (so requests get past the first checks and
 * reach deeper code), with nasty values in every leaf, and sometimes anything at all.
 */
export function arbitraryOf(schema: JsonSchema | null | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((variant) => arbitraryOf(variant, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), nastyString);
  if (schema.enum)
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: nastyString },
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const shaped = (() => {
    switch (type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties))
          model[name] = arbitraryOf(property, depth + 1);
        return fc.record(model, { requiredKeys: [...required].filter((key) => key in model) });
      }
      case 'array':
        return fc.array(arbitraryOf(schema.items, depth + 1), { maxLength: 4 });
      case 'string':
        return fc.oneof(
          // Text that passes the field's pattern gets the request past it, to the code behind.
          ...(schema.pattern ? [{ weight: 2, arbitrary: matching(schema.pattern) }] : []),
          { weight: 2, arbitrary: nastyString },
          {
            weight: 1,
            arbitrary: fc.string({
              minLength: schema.minLength ?? 0,
              maxLength: Math.min(schema.maxLength ?? 30, 30),
            }),
          },
        );
      case 'integer':
      case 'number': {
        // A number field may have fractional bounds (a percent from 0.01): integers inside them.
        const min = Math.ceil(Math.max(schema.minimum ?? -1000, -1_000_000));
        const max = Math.floor(Math.min(schema.maximum ?? 1000, 1_000_000));
        return fc.oneof(
          { weight: 2, arbitrary: nastyNumber },
          {
            weight: 2,
            arbitrary:
              type === 'number'
                ? fc.double({
                    min: Math.max(schema.minimum ?? -1000, -1_000_000),
                    max: Math.min(schema.maximum ?? 1000, 1_000_000),
                    noNaN: true,
                  })
                : fc.integer({ min, max: Math.max(min, max) }),
          },
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

/** Query strings and path segments are text: every leaf becomes a string (or is left out). */
export function textValuesOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      typeof item === 'string' ? item : (JSON.stringify(item) ?? ''),
    ]),
  );
}

/** Every integer field of a schema, by its dotted path (`[]` for list entries), with its bounds. */
export function integerFieldsOf(
  schema: JsonSchema | null | undefined,
  path = '',
  depth = 0,
): { path: string; name: string; maximum: number | undefined }[] {
  if (!schema || depth > 8) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(
    (variant) => integerFieldsOf(variant, path, depth + 1),
  );
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const own = types.includes('integer')
    ? [{ path, name: path.split('.').pop()!.replace('[]', ''), maximum: schema.maximum }]
    : [];
  const properties = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    integerFieldsOf(property, path ? `${path}.${name}` : name, depth + 1),
  );
  const items = schema.items ? integerFieldsOf(schema.items, `${path}[]`, depth + 1) : [];
  return [...nested, ...own, ...properties, ...items];
}

/**
 * Copies of a JSON value with one leaf replaced at a time: every integer by each boundary
 * integer, every string by each of `texts`. The rest of the request stays valid, so each
 * value reaches the code (and the database) behind the field.
 */
export function oneLeafVariants(
  value: unknown,
  texts: readonly string[],
): { path: string; value: unknown }[] {
  const variants: { path: string; value: unknown }[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    const replacements =
      typeof node === 'number' && Number.isInteger(node)
        ? BOUNDARY_INTEGERS.filter((boundary) => boundary !== node)
        : typeof node === 'string'
          ? texts.filter((text) => text !== node)
          : [];
    for (const replacement of replacements) {
      variants.push({ path: path.join('.'), value: replaceAt(value, path, replacement) });
    }
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof node === 'object' && node !== null)
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  return variants;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}
