// Browser APIs that jsdom lacks and Mantine needs, and cleanup between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The unit-web project shares one jsdom and one module graph per worker (isolate: false: React
// and Mantine load once, not once per file). Each file still starts clean: our own modules are
// evaluated afresh (their caches, e.g. a loaded provider SDK, start empty), and the browser state
// a file may leave (cookies, storage, globals it installed) is cleared.
vi.resetModules();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
localStorage.clear();
sessionStorage.clear();
delete (window as { LecternSandbox?: unknown }).LecternSandbox;
document.head.querySelectorAll('script').forEach((script) => script.remove());
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();

// Pages are lazy chunks and prices wait 250 ms to batch: on a busy machine the default 1 s
// for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom logs "not implemented" for scrolling; the layout scrolls to the top on navigation.
window.scrollTo = () => {};

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// The cart client caches in localStorage and checkout freezes into sessionStorage.
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
