import type { IslandHydration } from './island';

/** What starts an island's hydration when it waits for the visitor. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Starts `hydrate` for an island's element: at once, or (`on-interaction`) the first time
 * the visitor shows intent toward it (a pointer over it, focus in it, a touch), clicks it or
 * changes something in it,
 * so a part nobody uses never loads its code. Either way a click or a change made before the
 * island is hydrated is not lost: it is held, and replayed once hydrated (the click on the
 * same element, the change as a new `change` event where it happened), also when hydration
 * failed, so the page's own behaviour (a link, a form) still follows.
 */
export function hydrateIsland(
  element: HTMLElement,
  hydrate: () => Promise<void>,
  when: IslandHydration = 'on-load',
): void {
  let started = false;
  let heldClick: HTMLElement | null = null;
  let heldChange: Element | null = null;

  const holdClick = (event: Event) => {
    // A link needs no code: it goes where it points (the island still starts hydrating).
    if (event.target instanceof Element && event.target.closest('a[href]')) {
      start();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof HTMLElement) heldClick = event.target;
    start();
  };
  const holdChange = (event: Event) => {
    if (event.target instanceof Element) heldChange = event.target;
    start();
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) element.removeEventListener(type, start, true);
    void hydrate().finally(() => {
      element.removeEventListener('click', holdClick, true);
      element.removeEventListener('change', holdChange, true);
      if (heldChange?.isConnected) heldChange.dispatchEvent(new Event('change', { bubbles: true }));
      if (heldClick?.isConnected) heldClick.click();
    });
  };

  element.addEventListener('click', holdClick, true);
  element.addEventListener('change', holdChange, true);
  if (when === 'on-load') {
    start();
    return;
  }
  for (const type of INTENT_EVENTS) element.addEventListener(type, start, { capture: true, passive: true });
}

/**
 * Replays the clicks and changes held before the islands' runtime ran (islands-starter) on
 * their elements, once each island listens: each island then holds its own and replays it
 * when hydrated.
 */
export function replayHeldEvents(events: readonly Event[]): void {
  for (const event of events) {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.isConnected) continue;
    if (event.type === 'click') target.click();
    else target.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
