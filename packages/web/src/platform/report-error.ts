/** Hears every reported error, e.g. to count it (the metrics feature). */
export type ErrorListener = (error: unknown, context?: Record<string, unknown>) => void;

const listeners = new Set<ErrorListener>();

/** Adds a listener; returns the function that removes it. */
export function onErrorReported(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The one place errors are reported. For now they go to the console and to the listeners; an
 * error-reporting service can be plugged in here later without touching the callers.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (context) console.error('[lectern]', error, context);
  else console.error('[lectern]', error);
  for (const listener of listeners) {
    try {
      listener(error, context);
    } catch {
      // A listener failing must not hide the error or stop the others.
    }
  }
}
