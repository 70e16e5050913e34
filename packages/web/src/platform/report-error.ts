/**
 * The one place errors are reported. For now they go to the console; an error-reporting
 * service can be plugged in here later without touching the callers.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (context) console.error('[lectern]', error, context);
  else console.error('[lectern]', error);
}
