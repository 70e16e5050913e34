import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIsland, replayHeldEvents } from './hydrate-island';
import { islandsStarterScript, takeHeldEvents, TAKE_HELD_EVENTS_GLOBAL } from './islands-starter';

const ENTRY = '/assets/islands-abc.js';
const PRELOADS = ['/assets/react-dom-abc.js', '/assets/jsx-runtime-abc.js'];

/** Runs the inline script as the browser would, in a document still loading or loaded. */
function runStarter(readyState: DocumentReadyState) {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
  // The server's inline bootstrap, run as the browser runs it.
  new Function(islandsStarterScript(ENTRY, PRELOADS))();
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
  it('starts the islands code (with its imports preloaded) only once the page has loaded', () => {
    runStarter('interactive');
    expect(startedScripts()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(startedScripts()).toEqual([new URL(ENTRY, document.baseURI).href]);
    expect(preloaded()).toEqual(PRELOADS);
    window.dispatchEvent(new Event('load'));
    expect(startedScripts()).toHaveLength(1);
  });

  it('asks for many preloads a few per task, the code last', () => {
    vi.useFakeTimers();
    try {
      const many = Array.from({ length: 14 }, (_, index) => `/assets/chunk-${index}.js`);
      vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
      new Function(islandsStarterScript(ENTRY, many))();
      expect(preloaded()).toEqual(many.slice(0, 6));
      expect(startedScripts()).toEqual([]);
      vi.runOnlyPendingTimers();
      expect(preloaded()).toEqual(many.slice(0, 12));
      vi.runOnlyPendingTimers();
      expect(preloaded()).toEqual(many);
      expect(startedScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts at once on a page that has already loaded', () => {
    runStarter('complete');
    expect(startedScripts()).toHaveLength(1);
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
    expect(islandsStarterScript('/a</script>.js', [])).not.toContain('</script>');
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
