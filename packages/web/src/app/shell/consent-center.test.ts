import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConsentCenter, registerConsentCenter } from './consent-center';

describe('consent center opener', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => unregister?.());

  it('opens through the registered opener', () => {
    const open = vi.fn();
    unregister = registerConsentCenter(open);
    openConsentCenter();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('keeps an opening asked for before the screens registered, and carries it out once', () => {
    openConsentCenter();
    const open = vi.fn();
    unregister = registerConsentCenter(open);
    expect(open).toHaveBeenCalledTimes(1);
    unregister();
    const again = vi.fn();
    unregister = registerConsentCenter(again);
    expect(again).not.toHaveBeenCalled();
  });

  it('no longer calls an opener that unregistered', () => {
    const open = vi.fn();
    registerConsentCenter(open)();
    openConsentCenter();
    expect(open).not.toHaveBeenCalled();
    // the opening is kept for the next screens instead
    const next = vi.fn();
    unregister = registerConsentCenter(next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
