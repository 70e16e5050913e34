// Browser APIs that jsdom lacks and Mantine needs, and cleanup between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
