import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIsland, replayHeldEvents } from './hydrate-island';
import { islandsStarterScript, takeHeldEvents, TAKE_HELD_EVENTS_GLOBAL } from './islands-starter';

const ENTRY = '/assets/islands-abc.js';
const PRELOADS = ['/assets/react-dom-abc.js', '/assets/jsx-runtime-abc.js'];

/** Runs the inline script as the browser would, in a document still loading or loaded. */
function runStarter(readyState: DocumentReadyState, paintFirst = true) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
  // The server's inline bootstrap, run as the browser runs it.
  new Function(islandsStarterScript(ENTRY, PRELOADS, { paintFirst }))();
}

const startedScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.src);
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (l) => new URL(l.href).pathname,
  );

afterEach(() => {
  takeHeldEvents();
  delete window[TAKE_HELD_EVENTS_GLOBAL];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('islandsStarterScript', () => {
  it('starts the islands code (with its imports preloaded) after the load and the first paint', () => {
    let report:
      | ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void)
      | undefined;
    const observed = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(callback: typeof report) {
          report = callback;
        }
        observe = observed;
      },
    );
    vi.useFakeTimers();
    try {
      runStarter('interactive');
      expect(report).toBeUndefined();
      window.dispatchEvent(new Event('load'));
      expect(observed).toHaveBeenCalledWith({ type: 'paint', buffered: true });
      const disconnect = vi.fn();
      report!({ getEntriesByName: () => [] }, { disconnect });
      vi.advanceTimersByTime(100);
      expect(startedScripts()).toEqual([]);
      // The first contentful paint is on the screen; the pictures get a moment more.
      report!(
        { getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) },
        { disconnect },
      );
      expect(disconnect).toHaveBeenCalled();
      vi.advanceTimersByTime(49);
      expect(startedScripts()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(startedScripts()).toEqual([new URL(ENTRY, document.baseURI).href]);
      expect(preloaded()).toEqual(PRELOADS);
      const code = [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')];
      expect(code.map((element) => element.getAttribute('fetchpriority'))).toEqual(['low', 'low', 'low']);
      window.dispatchEvent(new Event('load'));
      vi.runAllTimers();
      expect(startedScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('where paints cannot be observed, starts after the frame that follows the load', () => {
    const frames: FrameRequestCallback[] = [];
    const observer = Object.getOwnPropertyDescriptor(window, 'PerformanceObserver');
    Object.defineProperty(window, 'PerformanceObserver', { value: undefined, configurable: true });
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      runStarter('interactive');
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(100);
      expect(startedScripts()).toEqual([]);
      // (Earlier tests' starters hear this load too: every frame callback runs.)
      frames.splice(0).forEach((frame) => frame(0));
      vi.advanceTimersByTime(50);
      expect(startedScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      if (observer) Object.defineProperty(window, 'PerformanceObserver', observer);
      else delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    }
  });

  it('starts on a page that paints nothing (a hidden tab) a second after its load', () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      runStarter('complete');
      vi.advanceTimersByTime(999);
      expect(startedScripts()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(startedScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a page hydrated whole at its load, at the usual priority', () => {
    runStarter('interactive', false);
    expect(startedScripts()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(startedScripts()).toHaveLength(1);
    const code = [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')];
    expect(code.map((element) => element.hasAttribute('fetchpriority'))).toEqual([false, false, false]);
  });

  it('asks for many preloads a few per task, the code last', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        callback(0);
        return 1;
      });
      const many = Array.from({ length: 14 }, (_, index) => `/assets/chunk-${index}.js`);
      vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
      new Function(islandsStarterScript(ENTRY, many, { paintFirst: true }))();
      expect(preloaded()).toEqual([]);
      // One task each: the start after the frame, then each further few.
      vi.advanceTimersToNextTimer();
      expect(preloaded()).toEqual(many.slice(0, 6));
      expect(startedScripts()).toEqual([]);
      vi.advanceTimersToNextTimer();
      expect(preloaded()).toEqual(many.slice(0, 12));
      vi.advanceTimersToNextTimer();
      expect(preloaded()).toEqual(many);
      expect(startedScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a click in an island before the code runs, starts the code, and leaves other clicks alone', () => {
    runStarter('interactive');
    document.body.innerHTML =
      '<a id="outside" href="#x">Elsewhere</a><lectern-island><button>Add to cart</button></lectern-island>';
    const seen = vi.fn();
    document.body.addEventListener('click', (event) => seen(event.target, event.defaultPrevented));

    document.querySelector<HTMLElement>('#outside')!.click();
    expect(seen).toHaveBeenCalledWith(document.querySelector('#outside'), false);
    seen.mockClear();

    const button = document.querySelector('button')!;
    button.click();
    expect(seen).not.toHaveBeenCalled();
    expect(startedScripts()).toHaveLength(1);
    expect(takeHeldEvents().map((event) => event.target)).toEqual([button]);
    // Taken once: the starter no longer holds anything.
    button.click();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(takeHeldEvents()).toEqual([]);
  });

  it('lets a click on a link in an island go where it points', () => {
    runStarter('interactive');
    document.body.innerHTML = '<lectern-island><a href="#login">Log in</a></lectern-island>';
    const seen = vi.fn();
    document.body.addEventListener('click', (event) => seen(event.defaultPrevented));
    document.querySelector('a')!.click();
    expect(seen).toHaveBeenCalledWith(false);
    expect(takeHeldEvents()).toEqual([]);
  });

  it('escapes the paths so none can close the script element', () => {
    expect(islandsStarterScript('/a</script>.js', [], { paintFirst: true })).not.toContain('</script>');
  });
});

describe('replayHeldEvents', () => {
  it("replays a held click through the island's own holding, so it reaches the hydrated island", async () => {
    runStarter('interactive');
    document.body.innerHTML = '<lectern-island><button>Add to cart</button></lectern-island>';
    const element = document.querySelector<HTMLElement>('lectern-island')!;
    const button = element.querySelector('button')!;
    button.click();

    let finish!: () => void;
    const hydrate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const clicked = vi.fn();
    hydrateIsland(element, hydrate, 'on-interaction');
    replayHeldEvents(takeHeldEvents());
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(clicked).not.toHaveBeenCalled();

    button.addEventListener('click', clicked);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('replays a held change as a new change event where it happened', () => {
    runStarter('interactive');
    document.body.innerHTML = '<lectern-island><select><option>a</option></select></lectern-island>';
    const select = document.querySelector('select')!;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const changed = vi.fn();
    select.addEventListener('change', changed);
    replayHeldEvents(takeHeldEvents());
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
