import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenFirstIntent, type InitialIntent } from './first-intent';

function pointer(type: 'pointerenter' | 'pointerleave', target: Element, kind: 'mouse' | 'touch' = 'mouse') {
  const event = new MouseEvent(type);
  Object.defineProperty(event, 'pointerType', { value: kind });
  target.dispatchEvent(event);
}

function card() {
  document.body.innerHTML =
    '<article><h3><a href="/course/a/">A</a></h3></article><a id="out" href="/x/">x</a>';
  return document.querySelector<HTMLElement>('article')!;
}

/** A `start` whose loading the test finishes. */
function pendingStart() {
  const stopBehaviour = vi.fn();
  let finish!: (ok: boolean) => void;
  const start = vi.fn(
    (initial: InitialIntent) =>
      new Promise<() => void>((resolve, reject) => {
        void initial;
        finish = (ok) => (ok ? resolve(stopBehaviour) : reject(new Error('chunk failed')));
      }),
  );
  return { start, stopBehaviour, finish: (ok = true) => finish(ok) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('whenFirstIntent', () => {
  it('loads nothing until a mouse pointer comes to the card, and never for touch', async () => {
    const element = card();
    const { start, finish } = pendingStart();
    whenFirstIntent(element, start);
    pointer('pointerenter', element, 'touch');
    expect(start).not.toHaveBeenCalled();
    pointer('pointerenter', element);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]![0]).toMatchObject({ pointer: true, focus: false });
    expect(start.mock.calls[0]![0].since).toBeGreaterThan(0);
    // Once: the behaviour listens for itself from now on.
    pointer('pointerleave', element);
    pointer('pointerenter', element);
    finish();
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('follows the pointer and focus while the code loads, so the behaviour starts from where they are', () => {
    const element = card();
    const { start } = pendingStart();
    whenFirstIntent(element, start);
    element.querySelector('a')!.focus();
    const initial = start.mock.calls[0]![0];
    expect(initial).toMatchObject({ pointer: false, focus: true });
    pointer('pointerenter', element);
    document.querySelector<HTMLElement>('#out')!.focus();
    expect(initial).toMatchObject({ pointer: true, focus: false });
  });

  it('starts at once for keyboard focus that came to the card before the watch did', () => {
    const element = card();
    element.querySelector('a')!.focus();
    const { start } = pendingStart();
    whenFirstIntent(element, start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]![0]).toMatchObject({ pointer: false, focus: true });
  });

  it('does not start for focus elsewhere when the watch begins', () => {
    const element = card();
    document.querySelector<HTMLElement>('#out')!.focus();
    const { start } = pendingStart();
    whenFirstIntent(element, start);
    expect(start).not.toHaveBeenCalled();
  });

  it('stops the behaviour when stopped, also before it has loaded', async () => {
    const element = card();
    const { start, stopBehaviour, finish } = pendingStart();
    const stop = whenFirstIntent(element, start);
    pointer('pointerenter', element);
    stop();
    finish();
    await settle();
    expect(stopBehaviour).toHaveBeenCalledTimes(1);
  });

  it('leaves the card a plain link when its code fails to load', async () => {
    const element = card();
    const { start, finish } = pendingStart();
    whenFirstIntent(element, start);
    pointer('pointerenter', element);
    finish(false);
    await settle();
    pointer('pointerleave', element);
    pointer('pointerenter', element);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
