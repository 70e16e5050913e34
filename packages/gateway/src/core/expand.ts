import { invalidRequest } from './stripe-error.js';
import type { Store } from './store.js';

const MAX_DEPTH = 4;

/**
 * `expand[]=customer`, `expand[]=data.payment_method`, `expand[]=latest_charge.payment_method`:
 * replaces id strings with the objects they name, on a copy. Expanding a field that holds
 * no expandable id is an error, as in Stripe.
 */
export function expandObject<T>(store: Store, value: T, paths: readonly string[]): T {
  if (paths.length === 0) return value;
  let result: unknown = structuredClone(value);
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.length > MAX_DEPTH) {
      throw invalidRequest(`You cannot expand more than ${MAX_DEPTH} levels of a property.`, {
        param: 'expand',
      });
    }
    result = expandPath(store, result, parts, path);
  }
  return result as T;
}

function expandPath(store: Store, node: unknown, parts: string[], fullPath: string): unknown {
  if (parts.length === 0 || node === null || typeof node !== 'object') return node;
  const [head, ...rest] = parts as [string, ...string[]];
  if (Array.isArray(node)) return node.map((item) => expandPath(store, item, parts, fullPath));
  const record = node as Record<string, unknown>;
  if (!(head in record)) {
    throw invalidRequest(`This property cannot be expanded (${fullPath}).`, { param: 'expand' });
  }
  let child = record[head];
  if (typeof child === 'string') {
    const found = store.find(child);
    if (found === undefined) {
      throw invalidRequest(`This property cannot be expanded (${fullPath}).`, { param: 'expand' });
    }
    child = structuredClone(found);
  }
  record[head] = rest.length === 0 ? child : expandPath(store, child, rest, fullPath);
  return record;
}
