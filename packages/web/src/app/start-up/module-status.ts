/** Platform §4: each app module is marked loading, then loaded (or failed). */
export type ModuleStatus = 'loading' | 'loaded' | 'failed';

const statuses = new Map<string, ModuleStatus>();
const listeners = new Set<(name: string, status: ModuleStatus) => void>();

export function markModule(name: string, status: ModuleStatus): void {
  statuses.set(name, status);
  // A performance mark lets tooling (and later, performance tracking) time each module.
  globalThis.performance?.mark?.(`lectern:module:${name}:${status}`);
  for (const listener of listeners) listener(name, status);
}

export function moduleStatus(name: string): ModuleStatus | undefined {
  return statuses.get(name);
}

/** Observes status changes; returns the unsubscribe function. */
export function onModuleStatus(listener: (name: string, status: ModuleStatus) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
