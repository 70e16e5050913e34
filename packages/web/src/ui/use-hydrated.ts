import { useSyncExternalStore } from 'react';

const nothingChanges = () => () => {};

/**
 * False in the server's render and while the browser hydrates it, true from then on: for
 * controls that only work with the page's JavaScript (see SubmitButton).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingChanges,
    () => true,
    () => false,
  );
}
