import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchCardIntent, type CardIntentOptions } from './card-intent';

// jsdom has no PointerEvent: a MouseEvent of the pointer's type, with the pointer's kind.
function pointer(
  type: 'pointerenter' | 'pointerleave',
  target: Element,
  options: {
    kind?: 'mouse' | 'touch';
    to?: Element | null;
  } = {},
) {
  const event = new MouseEvent(type, { relatedTarget: options.to ?? null });
  Object.defineProperty(event, 'pointerType', { value: options.kind ?? 'mouse' });
  target.dispatchEvent(event);
}

function renderGrid() {
  document.body.innerHTML = `
    <div id="grid">
      <article id="first"><h3><a href="/course/first/">First</a></h3></article>
      <article id="second"><h3><a href="/course/second/">Second</a></h3></article>
    </div>
    <a id="elsewhere" href="/elsewhere/">Elsewhere</a>`;
  const first = document.querySelector<HTMLElement>('#first')!;
  const second = document.querySelector<HTMLElement>('#second')!;
  // Room for the box to the card's right (jsdom lays nothing out).
  for (const card of [first, second]) {
    card.getBoundingClientRect = () => ({ left: 16, right: 300, top: 100 }) as DOMRect;
  }
  return { first, second, link: first.querySelector('a')!, elsewhere: document.querySelector('#elsewhere')! };
}

/** Watches `card` with a box that draws one button into its layer, as the React side does. */
function watch(card: HTMLElement, options: Partial<CardIntentOptions> = {}) {
  const calls = { dwell: vi.fn(), approach: vi.fn(), open: vi.fn(), close: vi.fn() };
  const stop = watchCardIntent(card, {
    layerClassName: 'layer',
    dwellMs: 100,
    openAfterMs: 300,
    canHover: () => true,
    onDwell: calls.dwell,
    onApproach: calls.approach,
    onOpen: (layer) => {
      layer.innerHTML = '<div role="dialog"><button>Add to cart</button></div>';
      calls.open(layer);
    },
    onClose: calls.close,
    ...options,
  });
  stops.push(stop);
  return calls;
}

const stops: (() => void)[] = [];
const layer = () => document.querySelector<HTMLElement>('.layer');

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom lays nothing out: a desktop window's width.
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1280 });
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  document.body.innerHTML = '';
  delete (document.documentElement as { clientWidth?: number }).clientWidth;
});

describe('watchCardIntent', () => {
  it('counts a pointer that stays 100 ms as a dwell, and opens the box after the delay', () => {
    const { first } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    expect(calls.approach).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(calls.dwell).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(calls.dwell).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(199);
    expect(calls.open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(calls.open).toHaveBeenCalledTimes(1);
    // Drawn right after the card, beside it, out of the grid's flow.
    expect(first.nextElementSibling).toBe(layer());
    expect(layer()?.dataset.side).toBe('right');
    expect(layer()?.style.left).toBe('312px');
    expect(layer()?.style.top).toBe('100px');
  });

  it('opens nothing for a pointer that only crosses the card', () => {
    const { first } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(50);
    pointer('pointerleave', first);
    vi.advanceTimersByTime(1_000);
    expect(calls.dwell).not.toHaveBeenCalled();
    expect(calls.open).not.toHaveBeenCalled();
  });

  it('stays open while the pointer moves from the card to the box, and closes once it leaves both', () => {
    const { first, elsewhere } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(300);
    const box = layer()!;
    // Across the gap: the card is left for the page, then the box entered within the grace time.
    pointer('pointerleave', first, { to: document.body });
    vi.advanceTimersByTime(150);
    pointer('pointerenter', box);
    vi.advanceTimersByTime(1_000);
    expect(calls.close).not.toHaveBeenCalled();
    pointer('pointerleave', box, { to: first });
    pointer('pointerenter', first);
    vi.advanceTimersByTime(1_000);
    expect(calls.close).not.toHaveBeenCalled();
    pointer('pointerleave', first, { to: elsewhere });
    vi.advanceTimersByTime(199);
    expect(calls.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(calls.close).toHaveBeenCalledTimes(1);
    expect(layer()).toBeNull();
  });

  it('never opens for touch, nor on a device that does not hover', () => {
    const { first, second } = renderGrid();
    const touched = watch(first);
    pointer('pointerenter', first, { kind: 'touch' });
    vi.advanceTimersByTime(1_000);
    expect(touched.dwell).not.toHaveBeenCalled();
    expect(touched.open).not.toHaveBeenCalled();

    const tablet = watch(second, { canHover: () => false });
    pointer('pointerenter', second);
    vi.advanceTimersByTime(1_000);
    // Intent still prefetches; only the hover content stays away.
    expect(tablet.dwell).toHaveBeenCalledTimes(1);
    expect(tablet.approach).not.toHaveBeenCalled();
    expect(tablet.open).not.toHaveBeenCalled();
  });

  it('has no box for a card without one, and none where there is no room beside the card', () => {
    const { first, second } = renderGrid();
    const boxless = watch(first, { openAfterMs: null });
    pointer('pointerenter', first);
    vi.advanceTimersByTime(1_000);
    expect(boxless.dwell).toHaveBeenCalledTimes(1);
    expect(boxless.open).not.toHaveBeenCalled();

    second.getBoundingClientRect = () => ({ left: 0, right: 1280, top: 0 }) as DOMRect;
    const wide = watch(second);
    pointer('pointerenter', second);
    vi.advanceTimersByTime(1_000);
    expect(wide.open).not.toHaveBeenCalled();
  });

  it('opens on keyboard focus, takes Tab into the box and on, and closes when focus leaves both', () => {
    const { first, link, elsewhere } = renderGrid();
    const calls = watch(first);
    link.focus();
    vi.advanceTimersByTime(300);
    expect(calls.open).toHaveBeenCalledTimes(1);
    // The box did not take focus; it is next in the tab order.
    expect(document.activeElement).toBe(link);
    const button = layer()!.querySelector('button')!;
    button.focus();
    expect(calls.close).not.toHaveBeenCalled();
    link.focus();
    button.focus();
    (elsewhere as HTMLElement).focus();
    expect(calls.close).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(elsewhere);
  });

  it('closes on Escape, sends focus in the box back to the link, and stays closed until focus comes anew', () => {
    const { first, link, elsewhere } = renderGrid();
    const calls = watch(first);
    link.focus();
    vi.advanceTimersByTime(300);
    const button = layer()!.querySelector('button')!;
    button.focus();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(calls.close).toHaveBeenCalledTimes(1);
    expect(layer()).toBeNull();
    expect(document.activeElement).toBe(link);
    vi.advanceTimersByTime(1_000);
    expect(calls.open).toHaveBeenCalledTimes(1);

    // Tab away and back: the visitor came anew.
    (elsewhere as HTMLElement).focus();
    link.focus();
    vi.advanceTimersByTime(300);
    expect(calls.open).toHaveBeenCalledTimes(2);
  });

  it('closes on Escape wherever focus is while the pointer rests on the card, until the pointer comes anew', () => {
    const { first, elsewhere } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(300);
    expect(calls.open).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(calls.close).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(calls.open).toHaveBeenCalledTimes(1);

    pointer('pointerleave', first, { to: elsewhere });
    pointer('pointerenter', first);
    vi.advanceTimersByTime(300);
    expect(calls.open).toHaveBeenCalledTimes(2);
  });

  it('leaves an Escape another part of the page handled alone', () => {
    const { first } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(300);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    escape.preventDefault();
    document.body.dispatchEvent(escape);
    expect(calls.close).not.toHaveBeenCalled();
  });

  it('starts from where the pointer was when its code arrived, counting the delays from then', () => {
    const { first } = renderGrid();
    const calls = watch(first, { initial: { pointer: true, focus: false, since: performance.now() - 250 } });
    expect(calls.approach).toHaveBeenCalledTimes(1);
    expect(calls.dwell).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(calls.dwell).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(49);
    expect(calls.open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(calls.open).toHaveBeenCalledTimes(1);
  });

  it('cancels a pending box on Escape', () => {
    const { first } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(200);
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    vi.advanceTimersByTime(1_000);
    expect(calls.open).not.toHaveBeenCalled();
  });

  it('keeps one box open on the page: opening another card closes the first', () => {
    const { first, second } = renderGrid();
    const one = watch(first);
    const two = watch(second);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(300);
    expect(one.open).toHaveBeenCalledTimes(1);
    // Keyboard focus on the second card while the pointer rests on the first.
    second.querySelector('a')!.focus();
    vi.advanceTimersByTime(300);
    expect(two.open).toHaveBeenCalledTimes(1);
    expect(one.close).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.layer')).toHaveLength(1);
  });

  it('closes its box and stops listening when it stops watching', () => {
    const { first } = renderGrid();
    const calls = watch(first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(300);
    stops.pop()!();
    expect(calls.close).toHaveBeenCalledTimes(1);
    expect(layer()).toBeNull();
    pointer('pointerleave', first);
    pointer('pointerenter', first);
    vi.advanceTimersByTime(1_000);
    expect(calls.open).toHaveBeenCalledTimes(1);
  });
});
