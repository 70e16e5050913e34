import { isKeyboardFocus, type InitialIntent } from './first-intent';
import { quickViewPlacement, type QuickViewPlacement } from './quick-view-placement';

export interface CardIntentOptions {
  /** Where the pointer and focus were when watching began (the intent that loaded this code). */
  initial?: InitialIntent;
  /** The class of the element the box is drawn in (positioned beside the card). */
  layerClassName: string;
  /** How long the pointer or keyboard focus stays on the card before it counts as intent to open it. */
  dwellMs: number;
  /** How long before the quick view box opens; null for a card without one. */
  openAfterMs: number | null;
  /** Whether this device shows hover content: a fine pointer that hovers (not a touch screen). */
  canHover: () => boolean;
  /** The visitor dwelt on the card (`dwellMs`). */
  onDwell: () => void;
  /** The visitor started towards a box (its code and data may load now). */
  onApproach: () => void;
  /** The box opens: draw it into `layer`, which sits right after the card. */
  onOpen: (layer: HTMLElement) => void;
  onClose: () => void;
}

/**
 * Long enough for the pointer to cross the gap between the card and its box; short enough
 * that a box left behind does not linger over the next cards.
 */
const LEAVE_GRACE_MS = 200;

/** The open box of the page: opening another card's closes it, so there is only ever one. */
let openBox: { close: () => void } | null = null;

const inside = (node: EventTarget | null, ...elements: HTMLElement[]) =>
  node instanceof Node && elements.some((element) => element.contains(node));

/**
 * Watches a course card for the visitor's intent: a mouse (or pen) pointer over it or keyboard
 * focus on its link. After `dwellMs` that is a dwell (to prefetch its page); after
 * `openAfterMs` its quick view box opens beside it, on devices that hover, where there is room.
 *
 * The box (WCAG 1.4.13, content on hover or focus) stays open while the pointer is over the
 * card or the box, or keyboard focus is in either; it is drawn right after the card, so Tab
 * goes from the card's link into the box and on to the next card, and nothing traps focus.
 * Escape closes it, wherever focus is (focus in the box goes back to the card's link), until
 * the pointer or keyboard focus comes to the card anew. Touch never opens it: a tap is a click
 * on the card's link. Returns a function that stops watching and closes the box.
 */
export function watchCardIntent(card: HTMLElement, options: CardIntentOptions): () => void {
  const doc = card.ownerDocument;
  const layer = doc.createElement('div');
  layer.className = options.layerClassName;
  let pointerOnCard = false;
  let pointerOnLayer = false;
  /** Keyboard focus is on the card's link or in the box (a click's focus does not count). */
  let focus = false;
  /** Escape closed the box: it stays closed until the pointer or focus comes to the card anew. */
  let dismissed = false;
  /** The box is taking focus back to the card's link: not the visitor coming to the card. */
  let restoringFocus = false;
  let open = false;
  let dwellTimer: ReturnType<typeof setTimeout> | undefined;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  const engaged = () => pointerOnCard || pointerOnLayer || focus;
  const clearTimers = () => {
    clearTimeout(dwellTimer);
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    dwellTimer = openTimer = closeTimer = undefined;
  };

  /** Pointer or focus came to the card or the box, `elapsedMs` ago. */
  const begin = (elapsedMs = 0) => {
    clearTimeout(closeTimer);
    closeTimer = undefined;
    if (dismissed) return;
    dwellTimer ??= setTimeout(options.onDwell, Math.max(0, options.dwellMs - elapsedMs));
    if (options.openAfterMs === null || open || openTimer !== undefined || !options.canHover()) return;
    options.onApproach();
    openTimer = setTimeout(show, Math.max(0, options.openAfterMs - elapsedMs));
  };

  /** Pointer or focus left: once both have, the box closes (after `delayMs`) and intent starts over. */
  const settle = (delayMs: number) => {
    if (engaged()) return;
    clearTimers();
    dismissed = false;
    if (!open) return;
    if (delayMs === 0) close();
    else closeTimer = setTimeout(close, delayMs);
  };

  const show = () => {
    openTimer = undefined;
    const view = doc.defaultView;
    if (!engaged() || dismissed || open || !view) return;
    const placement = quickViewPlacement(card.getBoundingClientRect(), doc.documentElement.clientWidth);
    if (!placement) return;
    openBox?.close();
    openBox = controller;
    card.after(layer);
    place(layer, placement, view);
    open = true;
    options.onOpen(layer);
  };

  const close = () => {
    clearTimeout(closeTimer);
    closeTimer = undefined;
    if (!open) return;
    const hadFocus = layer.contains(doc.activeElement);
    open = false;
    // Gone from under the pointer: browsers send no pointerleave for a removed element.
    pointerOnLayer = false;
    layer.remove();
    if (openBox === controller) openBox = null;
    options.onClose();
    // Focus never falls to the page's start with the box: it goes back to the card's link.
    if (hadFocus) {
      restoringFocus = true;
      card.querySelector<HTMLElement>('a[href]')?.focus();
      restoringFocus = false;
    }
  };
  const controller = { close };

  const onCardPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    pointerOnCard = true;
    if (!inside(event.relatedTarget, layer)) dismissed = false;
    begin();
  };
  const onCardPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    pointerOnCard = false;
    settle(LEAVE_GRACE_MS);
  };
  const onLayerPointerEnter = () => {
    pointerOnLayer = true;
    begin();
  };
  const onLayerPointerLeave = () => {
    pointerOnLayer = false;
    settle(LEAVE_GRACE_MS);
  };
  const onCardFocusIn = (event: FocusEvent) => {
    const keyboard = isKeyboardFocus(event.target);
    if (restoringFocus || !keyboard) {
      focus = keyboard;
      return;
    }
    focus = true;
    if (!inside(event.relatedTarget, card, layer)) dismissed = false;
    begin();
  };
  const onLayerFocusIn = (event: FocusEvent) => {
    // Keyboard focus keeps the box open; a click's does not (the pointer decides then).
    focus = isKeyboardFocus(event.target);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (inside(event.relatedTarget, card, layer)) return;
    focus = false;
    settle(0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || (!open && openTimer === undefined)) return;
    event.preventDefault();
    dismissed = true;
    clearTimeout(openTimer);
    openTimer = undefined;
    close();
  };
  const onResize = () => close();

  // Every listener goes with one abort: the card's, the box's and the document's.
  const listening = new AbortController();
  const on = { signal: listening.signal };
  card.addEventListener('pointerenter', onCardPointerEnter, on);
  card.addEventListener('pointerleave', onCardPointerLeave, on);
  card.addEventListener('focusin', onCardFocusIn, on);
  card.addEventListener('focusout', onFocusOut, on);
  layer.addEventListener('pointerenter', onLayerPointerEnter, on);
  layer.addEventListener('pointerleave', onLayerPointerLeave, on);
  layer.addEventListener('focusin', onLayerFocusIn, on);
  layer.addEventListener('focusout', onFocusOut, on);
  // Escape works wherever focus is while the pointer rests on the card (WCAG 1.4.13).
  doc.addEventListener('keydown', onKeyDown, on);
  doc.defaultView?.addEventListener('resize', onResize, on);
  if (options.initial && (options.initial.pointer || options.initial.focus)) {
    pointerOnCard = options.initial.pointer;
    focus = options.initial.focus;
    begin(performance.now() - options.initial.since);
  }

  return () => {
    clearTimers();
    close();
    listening.abort();
  };
}

/**
 * Places the (absolutely positioned) layer at the viewport coordinates of `placement`, in the
 * coordinates of its containing block: its positioned ancestor, else the document.
 */
function place(layer: HTMLElement, placement: QuickViewPlacement, view: Window): void {
  const parent = layer.offsetParent;
  const positioned = parent instanceof HTMLElement && view.getComputedStyle(parent).position !== 'static';
  const origin = positioned
    ? {
        left: parent.getBoundingClientRect().left + parent.clientLeft - parent.scrollLeft,
        top: parent.getBoundingClientRect().top + parent.clientTop - parent.scrollTop,
      }
    : { left: -view.scrollX, top: -view.scrollY };
  layer.style.left = `${placement.left - origin.left}px`;
  layer.style.top = `${placement.top - origin.top}px`;
  layer.dataset.side = placement.side;
}
