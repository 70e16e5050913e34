import { TRACKING_SESSION_COOKIE } from '@lectern/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentCookieJar } from '../consent/cookie-jar';
import { TrackingSession } from './tracking-session';

const MINUTE = 60_000;

function ids() {
  let n = 0;
  return () => `session-${++n}`;
}

describe('TrackingSession (platform §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
  });
  afterEach(() => {
    document.cookie = `${TRACKING_SESSION_COOKIE}=; Max-Age=0; Path=/`;
    vi.useRealTimers();
  });

  it('keeps the session in a cookie whose 30 minutes slide with every event', () => {
    const session = new TrackingSession({ jar: documentCookieJar(), newId: ids() });
    expect(session.touch(true)).toBe('session-1');
    expect(document.cookie).toContain(`${TRACKING_SESSION_COOKIE}=session-1`);

    // 29 minutes later the session is still on, and the event renews it for 30 more.
    vi.advanceTimersByTime(29 * MINUTE);
    expect(session.touch(true)).toBe('session-1');
    vi.advanceTimersByTime(29 * MINUTE);
    expect(session.touch(true)).toBe('session-1');

    // 30 minutes without an event: the browser dropped the cookie, a new session starts.
    vi.advanceTimersByTime(30 * MINUTE + 1000);
    expect(document.cookie).not.toContain(TRACKING_SESSION_COOKIE);
    expect(session.touch(true)).toBe('session-2');
  });

  it('is shared through the cookie with another tab (another client)', () => {
    new TrackingSession({ jar: documentCookieJar(), newId: () => 'from-first-tab' }).touch(true);
    expect(new TrackingSession({ jar: documentCookieJar(), newId: ids() }).touch(true)).toBe(
      'from-first-tab',
    );
  });

  it('stores nothing without analytics consent: a page-long session in memory, same 30-minute rule', () => {
    const session = new TrackingSession({ jar: documentCookieJar(), newId: ids() });
    expect(session.touch(false)).toBe('session-1');
    expect(document.cookie).not.toContain(TRACKING_SESSION_COOKIE);
    vi.advanceTimersByTime(29 * MINUTE);
    expect(session.touch(false)).toBe('session-1');
    vi.advanceTimersByTime(30 * MINUTE);
    expect(session.touch(false)).toBe('session-2');
  });
});
