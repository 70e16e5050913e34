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

const STARTER = `(function (entry, preloads) {
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
      files.appendChild(link);
    }
    if (waiting.length === 0) {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = entry;
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
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start);
})`;

/**
 * The inline script that starts an islands page's code (decision 0026): once the page has
 * loaded, so its text and main picture reach the screen before any script competes with
 * them for the network and the main thread, or at once when the visitor clicks or changes
 * something in an island first; its modules are preloaded a few per task, then it runs.
 * Until the runtime takes them (`takeHeldEvents`), clicks and changes in islands are held,
 * so none is lost however early it comes.
 */
export function islandsStarterScript(entry: string, preloads: readonly string[]): string {
  return `${STARTER}(${scriptJson(entry)}, ${scriptJson(preloads)});`;
}

/** The clicks and changes the starter held before the runtime ran; the starter stops holding. */
export function takeHeldEvents(): Event[] {
  return window[TAKE_HELD_EVENTS_GLOBAL]?.() ?? [];
}
