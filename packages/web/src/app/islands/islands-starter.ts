import { scriptJson } from '../ssr/ssr-state';
import { ISLAND_TAG } from './island';

/** The global through which the islands' runtime takes the events the starter held for it. */
export const TAKE_HELD_EVENTS_GLOBAL = '__lecternTakeHeldEvents';

declare global {
  interface Window {
    [TAKE_HELD_EVENTS_GLOBAL]?: () => Event[];
  }
}

// Plain ES5 in a string: it runs inline, before any module, and no build step touches it.
/**
 * Each request costs the page's main thread a few milliseconds (four on a phone): thirty
 * preloads asked for at once held it for over 100 ms, so they go a few per task.
 */
const PRELOADS_PER_TASK = 6;
/** After the first paint: the frames that draw the page's pictures. */
const AFTER_PAINT_MS = 50;
/** When a page that paints nothing (a hidden tab) starts the code anyway, after its load. */
const NO_PAINT_START_MS = 1000;

const STARTER = `(function (entry, preloads, paintFirst) {
  var held = [];
  var started = false;
  var waiting = preloads.slice();
  function start() {
    if (started) return;
    started = true;
    next();
  }
  function next() {
    // One insertion into the head per task, not one per file.
    var files = document.createDocumentFragment();
    for (var i = 0; i < ${PRELOADS_PER_TASK} && waiting.length > 0; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = waiting.shift();
      if (paintFirst) link.setAttribute('fetchpriority', 'low');
      files.appendChild(link);
    }
    if (waiting.length === 0) {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = entry;
      if (paintFirst) script.setAttribute('fetchpriority', 'low');
      files.appendChild(script);
    }
    document.head.appendChild(files);
    if (waiting.length > 0) setTimeout(next, 0);
  }
  function hold(event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest('${ISLAND_TAG}')) return;
    // A link needs no code: it goes where it points.
    if (event.type === 'click' && target.closest('a[href]')) return;
    if (event.type === 'click') {
      event.preventDefault();
      event.stopPropagation();
    }
    held.push(event);
    start();
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('change', hold, true);
  window.${TAKE_HELD_EVENTS_GLOBAL} = function () {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('change', hold, true);
    return held.splice(0);
  };
  // After the load and the first paint is on the screen, and a moment more for the pictures
  // that loaded with the page to be drawn: on a fast network the load can come before
  // anything is shown, and the code would then compete with the first paint. Where paints
  // cannot be observed, the frame after the load stands for it; a hidden tab draws nothing,
  // so a timer starts the code there.
  function afterFirstPaint() {
    var go = function () {
      setTimeout(start, ${AFTER_PAINT_MS});
    };
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (types && types.indexOf('paint') >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        go();
      }).observe({ type: 'paint', buffered: true });
    } else if (window.requestAnimationFrame) {
      requestAnimationFrame(go);
    }
    setTimeout(start, ${NO_PAINT_START_MS});
  }
  var whenLoaded = paintFirst ? afterFirstPaint : start;
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded);
})`;

/**
 * The inline script that starts a page's code (decision 0026): once the page has loaded, or at
 * once when the visitor clicks or changes something in an island first; its modules are
 * preloaded a few per task, then it runs. Until the runtime takes them (`takeHeldEvents`),
 * clicks and changes in islands are held, so none is lost however early it comes.
 *
 * `paintFirst` (an islands page, whose clicks are held): the code waits until the first paint
 * is on the screen too, and is asked for at low priority, so the page's text and main picture
 * reach the screen before any script competes with them for the network and the main thread.
 * A page hydrated whole has no holding, so its code starts at the load, for its first click.
 */
export function islandsStarterScript(
  entry: string,
  preloads: readonly string[],
  options: { paintFirst: boolean },
): string {
  return `${STARTER}(${scriptJson(entry)}, ${scriptJson(preloads)}, ${options.paintFirst});`;
}

/** The clicks and changes the starter held before the runtime ran; the starter stops holding. */
export function takeHeldEvents(): Event[] {
  return window[TAKE_HELD_EVENTS_GLOBAL]?.() ?? [];
}
