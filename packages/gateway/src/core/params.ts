import { invalidParam, missingParam, unknownParam } from './stripe-error.js';

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads request parameters the way Stripe does: form-encoded bodies (or query strings) whose
 * bracket keys were nested by qs, every leaf a string. Errors name the parameter with its
 * full bracket path (`card[exp_month]`) and use Stripe's wording.
 */
export class Params {
  private constructor(
    private readonly raw: Raw,
    private readonly path: string,
  ) {}

  static from(body: unknown): Params {
    return new Params(isRecord(body) ? body : {}, '');
  }

  /** The full parameter name as the client sent it, e.g. `card[number]`. */
  name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  keys(): string[] {
    return Object.keys(this.raw);
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** `key=` (empty): Stripe's way of unsetting a field. */
  isBlank(key: string): boolean {
    return this.raw[key] === '';
  }

  /** Rejects any parameter not listed, as Stripe does (`parameter_unknown`). */
  allowOnly(keys: readonly string[]): this {
    for (const key of Object.keys(this.raw)) {
      if (!keys.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  string(key: string, options: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.raw[key];
    if (value === undefined) {
      if (options.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${this.name(key)}`);
    if (options.required && value === '') throw missingParam(this.name(key));
    if (options.max !== undefined && value.length > options.max) {
      throw invalidParam(
        this.name(key),
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max} characters`,
      );
    }
    return value;
  }

  requiredString(key: string, max?: number): string {
    return this.string(key, { required: true, ...(max === undefined ? {} : { max }) })!;
  }

  /** An empty string means "unset", as in Stripe's API. */
  nullableString(key: string, max = 5000): string | null | undefined {
    const value = this.string(key, { max });
    return value === '' ? null : value;
  }

  enumValue<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const value = this.string(key, { required });
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`);
    }
    return value as T;
  }

  int(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.string(key, { required: options.required ?? false });
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw invalidParam(this.name(key), `Invalid integer: ${value}`);
    }
    const number = Number(value);
    if (options.min !== undefined && number < options.min) {
      throw invalidParam(
        this.name(key),
        `This value must be greater than or equal to ${options.min} (it currently is '${number}').`,
      );
    }
    if (options.max !== undefined && number > options.max) {
      throw invalidParam(
        this.name(key),
        `This value must be less than or equal to ${options.max} (it currently is '${number}').`,
      );
    }
    return number;
  }

  bool(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidParam(this.name(key), `Invalid boolean: ${value}`);
  }

  object(key: string, required = false): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') {
      if (required) throw missingParam(this.name(key));
      return undefined;
    }
    if (!isRecord(value)) throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    return new Params(value, this.name(key));
  }

  /** `a[0]=x&a[1]=y` (qs gives an array) or `a[]=x`. */
  stringArray(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
    if (!items.every((item): item is string => typeof item === 'string')) {
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    }
    return items;
  }

  /** `a[0][x]=1&a[1][x]=2`: a list of objects (qs gives an array, or an object past its index limit). */
  objectArray(key: string): Params[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
    return items.map((item, index) => {
      const name = `${this.name(key)}[${index}]`;
      if (!isRecord(item)) throw invalidParam(name, `Invalid object: ${name}`);
      return new Params(item, name);
    });
  }

  /**
   * Metadata: up to 50 string values. Setting a key to '' removes it on update, so the result
   * keeps empty strings and the caller merges.
   */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (!isRecord(value)) throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalidParam(this.name(key), 'Metadata can have at most 50 keys.');
    const out: Record<string, string> = {};
    for (const [name, item] of entries) {
      if (typeof item !== 'string' || item.length > 500 || name.length > 40) {
        throw invalidParam(`${this.name(key)}[${name}]`, `Invalid metadata value for ${name}.`);
      }
      out[name] = item;
    }
    return out;
  }

  expand(): string[] {
    return this.stringArray('expand') ?? [];
  }
}

export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (Object.keys(update).length === 0) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
