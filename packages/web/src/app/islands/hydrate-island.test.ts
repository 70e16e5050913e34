import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIsland } from './hydrate-island';

function island(html: string): HTMLElement {
  const element = document.createElement('lectern-island');
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

/** A hydration whose end the test decides. */
function pendingHydration() {
  let finish!: () => void;
  const hydrate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  return { hydrate, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hydrateIsland', () => {
  it('hydrates an island at once by default', () => {
    const { hydrate } = pendingHydration();
    hydrateIsland(island('<button>Add</button>'), hydrate);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('holds a click made before hydration and replays it on the same element afterwards', async () => {
    const { hydrate, finish } = pendingHydration();
    const element = island('<a href="#cart">Cart</a><button>Add</button>');
    const button = element.querySelector('button')!;
    const clicks = vi.fn();
    document.body.addEventListener('click', (event) => clicks(event.target, event.defaultPrevented));
    hydrateIsland(element, hydrate);

    button.click();
    // Held: nothing outside the island saw it.
    expect(clicks).not.toHaveBeenCalled();

    finish();
    await settle();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(clicks).toHaveBeenCalledWith(button, false);
    // Replayed once only; later clicks pass through untouched.
    button.click();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('waits for the visitor with on-interaction: a pointer over it, focus or a click starts it', async () => {
    const { hydrate, finish } = pendingHydration();
    const element = island('<button>Share</button>');
    hydrateIsland(element, hydrate, 'on-interaction');
    expect(hydrate).not.toHaveBeenCalled();

    element.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(1);
    element.querySelector('button')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(1);
    finish();
    await settle();
  });

  it('starts on a first click too, and replays that click once hydrated', async () => {
    const { hydrate, finish } = pendingHydration();
    const element = island('<button>Share</button>');
    const button = element.querySelector('button')!;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    hydrateIsland(element, hydrate, 'on-interaction');

    button.click();
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(clicks).not.toHaveBeenCalled();
    finish();
    await settle();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('replays a change made before hydration as a new change event', async () => {
    const { hydrate, finish } = pendingHydration();
    const element = island(
      '<select><option value="en">English</option><option value="ja">日本語</option></select>',
    );
    const select = element.querySelector('select')!;
    hydrateIsland(element, hydrate, 'on-interaction');
    // A change starts it too (a script or an assistive technology may change it without focus).
    select.value = 'ja';
    select.dispatchEvent(new Event('change', { bubbles: true }));

    expect(hydrate).toHaveBeenCalledTimes(1);
    const changes = vi.fn();
    document.body.addEventListener('change', (event) => changes((event.target as HTMLSelectElement).value));
    finish();
    await settle();
    expect(changes).toHaveBeenCalledWith('ja');
  });

  it('lets a click on a link go where it points, and starts hydrating', () => {
    const { hydrate } = pendingHydration();
    const element = island('<a href="#cart">Cart</a>');
    const seen = vi.fn();
    document.body.addEventListener('click', (event) => seen(event.defaultPrevented));
    hydrateIsland(element, hydrate, 'on-interaction');
    element.querySelector('a')!.click();
    expect(seen).toHaveBeenCalledWith(false);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('replays a held click even when hydration failed, so a link still works', async () => {
    const element = island('<button>Add</button>');
    const clicks = vi.fn();
    element.querySelector('button')!.addEventListener('click', clicks);
    let fail!: (error: Error) => void;
    hydrateIsland(element, () => new Promise<void>((_, reject) => (fail = reject)).catch(() => undefined));
    element.querySelector('button')!.click();
    fail(new Error('chunk failed'));
    await settle();
    expect(clicks).toHaveBeenCalledTimes(1);
  });
});
