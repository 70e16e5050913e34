const TRUE_WORDS = new Set(['1', 'true', 'on', 'enabled']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'disabled']);

/**
 * Platform §5: boolean query values accept 0, 1, true, false, on, off, enabled, disabled
 * (case-insensitive). Anything else is undefined so the caller can reject it.
 */
export function parseQueryBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}
