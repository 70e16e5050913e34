/** Where the visitor was when a card's behaviour started: its first sign of intent, and since when. */
export interface InitialIntent {
  /** A mouse or pen pointer is over the card. */
  pointer: boolean;
  /** Keyboard focus is on the card's link. */
  focus: boolean;
  /** When the intent began (`performance.now()`): delays count from then, not from the code's arrival. */
  since: number;
}

/** Whether focus came from the keyboard (a click or a tap focuses a link too, and means nothing more). */
export function isKeyboardFocus(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  try {
    return target.matches(':focus-visible');
  } catch {
    // A browser that cannot tell: treat focus as the keyboard's, which keeps a box open.
    return true;
  }
}

/**
 * Waits for the visitor's first sign of intent on a course card (a mouse or pen pointer over
 * it, keyboard focus on its link; never a touch), then calls `start`, which loads the card's
 * behaviour and returns how to stop it. Until `start` is done it keeps following where the
 * pointer and focus are, so the behaviour starts from where the visitor is by then. A page
 * loads that code only once somebody comes to a card (the JavaScript budget of public pages).
 * Intent that came before this watch did (a visitor who tabbed to or rested on a card while the
 * page's islands were still loading) counts too: its events are gone, so the card's state is
 * read as it is now. Returns a function that stops waiting, or stops the behaviour once started.
 */
export function whenFirstIntent(
  card: HTMLElement,
  start: (initial: InitialIntent) => Promise<() => void>,
): () => void {
  const initial: InitialIntent = { pointer: false, focus: false, since: 0 };
  let stopBehaviour: (() => void) | null = null;
  let stopped = false;
  const EVENTS = ['pointerenter', 'pointerleave', 'focusin', 'focusout'] as const;
  const detach = () => EVENTS.forEach((type) => card.removeEventListener(type, follow));
  const follow = (event: Event) => {
    if ((event as PointerEvent).pointerType === 'touch') return;
    if (event.type === 'pointerenter') initial.pointer = true;
    else if (event.type === 'pointerleave') initial.pointer = false;
    else if (event.type === 'focusin') initial.focus = isKeyboardFocus(event.target);
    else if (!(event instanceof FocusEvent && card.contains(event.relatedTarget as Node | null))) {
      initial.focus = false;
    }
    startOnIntent();
  };
  const startOnIntent = () => {
    if (initial.since !== 0 || !(initial.pointer || initial.focus)) return;
    initial.since = performance.now();
    start(initial).then(
      (stop) => {
        detach();
        if (stopped) stop();
        else stopBehaviour = stop;
      },
      // A chunk that failed to load: the card stays a plain link.
      detach,
    );
  };
  EVENTS.forEach((type) => card.addEventListener(type, follow));
  const active = card.ownerDocument.activeElement;
  initial.focus = active !== null && card.contains(active) && isKeyboardFocus(active);
  // `:hover` only where a pointer hovers: a touch screen keeps it on whatever was tapped last.
  const hovers = card.ownerDocument.defaultView?.matchMedia?.('(hover: hover)').matches ?? false;
  initial.pointer = hovers && card.matches(':hover');
  startOnIntent();
  return () => {
    stopped = true;
    detach();
    stopBehaviour?.();
  };
}
