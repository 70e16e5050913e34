import { isValidTimeZone, type UserContextResponse } from '@lectern/domain';

/** What page start-up needs from the outside world; the app wires the real ones. */
export interface StartUpSteps {
  /** Step 1: load the current user's context. A failure stops start-up. */
  loadUserContext(): Promise<UserContextResponse>;
  /** Step 2: save a time zone for a logged-in user who has none. */
  saveTimeZone(timeZone: string): Promise<void>;
  detectTimeZone(): string | undefined;
  /** Step 3: start tracking and session-recording tools. */
  startTrackingTools(context: UserContextResponse): void;
  /** Step 4: mount the lazily loaded page modules. */
  mountPages(context: UserContextResponse): void;
  reportError(error: unknown, details?: Record<string, unknown>): void;
}

/**
 * Page start-up, in the order of platform §4. Only step 1 can stop it: without the context
 * no page can render. A failure in steps 2 and 3 is reported and start-up goes on.
 */
export async function runStartUp(steps: StartUpSteps): Promise<UserContextResponse> {
  const context = await steps.loadUserContext();

  const me = context.me;
  if (me?.is_authenticated && !me.time_zone) {
    const timeZone = steps.detectTimeZone();
    if (timeZone && isValidTimeZone(timeZone)) {
      try {
        await steps.saveTimeZone(timeZone);
      } catch (error) {
        steps.reportError(error, { step: 'save-time-zone' });
      }
    }
  }

  try {
    steps.startTrackingTools(context);
  } catch (error) {
    steps.reportError(error, { step: 'tracking-tools' });
  }

  steps.mountPages(context);
  return context;
}

/** The browser's IANA time zone, e.g. "Europe/Berlin". */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
