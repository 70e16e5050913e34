import { TRACKING_SESSION_COOKIE, TRACKING_TIMINGS } from '@lectern/domain';
import type { CookieJar } from '../consent/cookie-jar';

export interface TrackingSessionOptions {
  jar: CookieJar;
  newId?: () => string;
  now?: () => number;
  idleMs?: number;
}

/**
 * The tracking session of platform §9: it ends after 30 minutes without an event. Each
 * event renews it, so the expiry slides.
 *
 * With analytics allowed (C0002) the session lives in the `lectern_tracking_session` cookie
 * (Max-Age 30 minutes, rewritten on every event), so it spans tabs and reloads. Without it
 * nothing is stored on the device: the session is kept in memory for this page only, with
 * the same 30-minute rule; strictly necessary events (the consent record) still carry one.
 */
export class TrackingSession {
  private readonly newId: () => string;
  private readonly now: () => number;
  private readonly idleMs: number;
  private memory: { id: string; lastUsed: number } | null = null;

  constructor(private readonly options: TrackingSessionOptions) {
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? TRACKING_TIMINGS.sessionIdleMs;
  }

  /** The session id for an event now, renewing the session. `persist`: analytics consent. */
  touch(persist: boolean): string {
    return persist ? this.touchCookie() : this.touchMemory();
  }

  private touchCookie(): string {
    const id = this.options.jar.read(TRACKING_SESSION_COOKIE) || this.newId();
    // The browser drops the cookie 30 minutes after the last event; rewriting it slides that.
    this.options.jar.write(TRACKING_SESSION_COOKIE, id, { maxAgeSeconds: Math.round(this.idleMs / 1000) });
    return id;
  }

  private touchMemory(): string {
    const now = this.now();
    if (!this.memory || now - this.memory.lastUsed >= this.idleMs)
      this.memory = { id: this.newId(), lastUsed: now };
    else this.memory.lastUsed = now;
    return this.memory.id;
  }
}
