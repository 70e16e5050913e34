import type { UserContextResponse } from '@lectern/domain';
import { describe, expect, it, vi } from 'vitest';
import { anonymousMe, authenticatedMe, userContext } from '../../test-utils/fake-server';
import { runStartUp, type StartUpSteps } from './run-start-up';

/** Steps that log their order; each can be overridden. */
function steps(context: UserContextResponse, overrides: Partial<StartUpSteps> = {}) {
  const log: string[] = [];
  const all: StartUpSteps = {
    loadUserContext: vi.fn(async () => {
      log.push('load-context');
      return context;
    }),
    detectTimeZone: vi.fn(() => 'Europe/Berlin'),
    saveTimeZone: vi.fn(async (timeZone: string) => {
      log.push(`save-time-zone:${timeZone}`);
    }),
    startTrackingTools: vi.fn(() => {
      log.push('tracking');
    }),
    mountPages: vi.fn(() => {
      log.push('mount');
    }),
    reportError: vi.fn(),
    ...overrides,
  };
  return { all, log };
}

describe('runStartUp (platform §4)', () => {
  it('loads the context, saves a missing time zone, starts tracking, then mounts the pages', async () => {
    const context = userContext(authenticatedMe({ time_zone: null }));
    const { all, log } = steps(context);
    await expect(runStartUp(all)).resolves.toBe(context);
    expect(log).toEqual(['load-context', 'save-time-zone:Europe/Berlin', 'tracking', 'mount']);
    expect(all.startTrackingTools).toHaveBeenCalledWith(context);
    expect(all.mountPages).toHaveBeenCalledWith(context);
    expect(all.reportError).not.toHaveBeenCalled();
  });

  it('leaves the time zone alone when the user has one', async () => {
    const { all, log } = steps(userContext(authenticatedMe({ time_zone: 'Asia/Tokyo' })));
    await runStartUp(all);
    expect(all.saveTimeZone).not.toHaveBeenCalled();
    expect(log).toEqual(['load-context', 'tracking', 'mount']);
  });

  it('never saves a time zone for a visitor', async () => {
    const { all } = steps(userContext(anonymousMe));
    await runStartUp(all);
    expect(all.saveTimeZone).not.toHaveBeenCalled();
    expect(all.mountPages).toHaveBeenCalled();
  });

  it('skips a time zone the runtime does not know', async () => {
    const { all } = steps(userContext(authenticatedMe({ time_zone: null })), {
      detectTimeZone: () => 'Mars/Olympus_Mons',
    });
    await runStartUp(all);
    expect(all.saveTimeZone).not.toHaveBeenCalled();
  });

  it('reports a failed time-zone save and carries on', async () => {
    const failure = new Error('PATCH failed');
    const { all, log } = steps(userContext(authenticatedMe({ time_zone: null })), {
      saveTimeZone: vi.fn(() => Promise.reject(failure)),
    });
    await runStartUp(all);
    expect(all.reportError).toHaveBeenCalledWith(failure, { step: 'save-time-zone' });
    expect(log).toEqual(['load-context', 'tracking', 'mount']);
  });

  it('reports failing tracking tools and still mounts the pages', async () => {
    const failure = new Error('tag manager');
    const { all } = steps(userContext(), {
      startTrackingTools: () => {
        throw failure;
      },
    });
    await runStartUp(all);
    expect(all.reportError).toHaveBeenCalledWith(failure, { step: 'tracking-tools' });
    expect(all.mountPages).toHaveBeenCalled();
  });

  it('stops when the context cannot be loaded', async () => {
    const failure = new Error('offline');
    const { all } = steps(userContext(), { loadUserContext: () => Promise.reject(failure) });
    await expect(runStartUp(all)).rejects.toBe(failure);
    expect(all.startTrackingTools).not.toHaveBeenCalled();
    expect(all.mountPages).not.toHaveBeenCalled();
  });
});
