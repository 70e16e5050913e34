import {
  CONSENT_COOKIE,
  type ConsentValues,
  type UserContextResponse,
  type UserCookiePreferencesResponse,
} from '@lectern/domain';
import { describe, expect, it, vi } from 'vitest';
import { anonymousMe, authenticatedMe, userContext } from '../../test-utils/fake-server';
import { ConsentController, renderedConsentSnapshot, type ConsentServer } from './consent-controller';
import type { CookieJar } from './cookie-jar';

function memoryJar(initial: Record<string, string> = {}): CookieJar & { cookies: Map<string, string> } {
  const cookies = new Map(Object.entries(initial));
  return {
    cookies,
    read: (name) => cookies.get(name),
    write: (name, value) => void cookies.set(name, value),
    remove: (name) => void cookies.delete(name),
    names: () => [...cookies.keys()],
  };
}

function contextIn(country: string, me: UserContextResponse['me'] = anonymousMe): UserContextResponse {
  const context = userContext(me);
  context.request = { ...context.request!, price_country: country };
  return context;
}

function setup({
  cookies = {},
  fetch = () => Promise.resolve({ preferences: null, updated: null }),
}: {
  cookies?: Record<string, string>;
  fetch?: () => Promise<UserCookiePreferencesResponse>;
} = {}) {
  const jar = memoryJar(cookies);
  const saved: ConsentValues[] = [];
  const server: ConsentServer = {
    fetch: vi.fn(fetch),
    save: vi.fn((preferences: ConsentValues) => {
      saved.push(preferences);
      return Promise.resolve({});
    }),
  };
  const report = vi.fn();
  const consent = new ConsentController({ server, jar, storage: () => null, report });
  return { consent, jar, server, saved, report };
}

const NONE_BUT_REQUIRED: ConsentValues = {
  C0001: 'true',
  C0002: 'false',
  C0003: 'false',
  C0004: 'false',
  C0005: 'false',
};

describe('ConsentController', () => {
  it('defaults to strictly necessary only, and to everything in an opt-out region (platform §4)', async () => {
    const eu = setup();
    await eu.consent.sync(contextIn('FR'));
    expect(eu.consent.getSnapshot()).toEqual({ allowed: ['C0001'], hasChoice: false, ready: true });

    const us = setup();
    await us.consent.sync(contextIn('US'));
    expect(us.consent.allowed()).toEqual(['C0001', 'C0002', 'C0003', 'C0004', 'C0005']);
    expect(us.consent.getSnapshot().hasChoice).toBe(false);
  });

  it('reads a visitor’s stored choice from the cookie, without asking the server', async () => {
    const { consent, server } = setup({
      cookies: { [CONSENT_COOKIE]: 'C0001:1,C0002:1,C0003:0,C0004:0,C0005:0' },
    });
    await consent.sync(contextIn('FR'));
    expect(consent.getSnapshot()).toEqual({ allowed: ['C0001', 'C0002'], hasChoice: true, ready: true });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('stores a choice in the cookie and, for a signed-in user, on the server', async () => {
    const { consent, jar, saved } = setup();
    await consent.sync(contextIn('FR', authenticatedMe()));
    const change = consent.choose(['C0003', 'C0001']);
    expect(change).toEqual({ before: ['C0001'], after: ['C0001', 'C0003'], withdrawn: [] });
    expect(jar.cookies.get(CONSENT_COOKIE)).toBe('C0001:1,C0002:0,C0003:1,C0004:0,C0005:0');
    expect(saved).toEqual([{ ...NONE_BUT_REQUIRED, C0003: 'true' }]);
  });

  it('lets the server’s choice win over the cookie for a signed-in user', async () => {
    const { consent, jar } = setup({
      cookies: { [CONSENT_COOKIE]: 'C0001:1,C0002:1,C0003:1,C0004:1,C0005:1', _ga: '1' },
      fetch: () => Promise.resolve({ preferences: NONE_BUT_REQUIRED, updated: '2025-01-01T00:00:00Z' }),
    });
    const done = consent.sync(contextIn('FR', authenticatedMe()));
    // Until the server has answered, the banner waits.
    expect(consent.getSnapshot().ready).toBe(false);
    await done;
    expect(consent.getSnapshot()).toEqual({ allowed: ['C0001'], hasChoice: true, ready: true });
    expect(jar.cookies.get(CONSENT_COOKIE)).toBe('C0001:1,C0002:0,C0003:0,C0004:0,C0005:0');
    // The restored choice withdrew analytics: its cookies go.
    expect(jar.cookies.has('_ga')).toBe(false);
  });

  it('saves the cookie’s choice for a signed-in user whose server has none (chosen before login)', async () => {
    const { consent, saved } = setup({
      cookies: { [CONSENT_COOKIE]: 'C0001:1,C0002:0,C0003:0,C0004:0,C0005:0' },
    });
    await consent.sync(contextIn('FR', authenticatedMe()));
    expect(saved).toEqual([NONE_BUT_REQUIRED]);
  });

  it('keeps a choice made while the server’s answer was on its way', async () => {
    let answer: (value: UserCookiePreferencesResponse) => void = () => {};
    const { consent } = setup({ fetch: () => new Promise((resolve) => (answer = resolve)) });
    const done = consent.sync(contextIn('FR', authenticatedMe()));
    consent.choose(['C0001', 'C0002']);
    answer({ preferences: NONE_BUT_REQUIRED, updated: 'x' });
    await done;
    expect(consent.allowed()).toEqual(['C0001', 'C0002']);
  });

  it('reads again after a login, once per user, and reports a failed read', async () => {
    const failure = new Error('offline');
    const { consent, server, report } = setup({ fetch: () => Promise.reject(failure) });
    await consent.sync(contextIn('FR'));
    await consent.sync(contextIn('FR', authenticatedMe()));
    await consent.sync(contextIn('FR', authenticatedMe()));
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(failure, { step: 'consent-restore' });
    expect(consent.getSnapshot().ready).toBe(true);
  });

  it('notifies its subscribers with a new snapshot on every change', async () => {
    const { consent } = setup();
    await consent.sync(contextIn('FR'));
    const listener = vi.fn();
    const unsubscribe = consent.subscribe(listener);
    const before = consent.getSnapshot();
    consent.choose(['C0002']);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(consent.getSnapshot()).not.toBe(before);
    unsubscribe();
    consent.choose(['C0003']);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('renderedConsentSnapshot', () => {
  const STORED = 'C0001:1,C0002:1,C0003:0,C0004:0,C0005:0';

  it("is what the browser's sync reads for a visitor, so the banner is in the server's HTML", async () => {
    for (const [cookie, country] of [
      [undefined, 'FR'],
      [undefined, 'US'],
      [STORED, 'FR'],
    ] as const) {
      const rendered = renderedConsentSnapshot(cookie, contextIn(country));
      const browser = setup({ cookies: cookie ? { [CONSENT_COOKIE]: cookie } : {} });
      await browser.consent.sync(contextIn(country));
      expect(rendered).toEqual(browser.consent.getSnapshot());
    }
    expect(renderedConsentSnapshot(undefined, contextIn('FR'))).toMatchObject({
      ready: true,
      hasChoice: false,
    });
  });

  it("for a signed-in user, is what sync reads with the server's answer read for the page, and sync asks no more", async () => {
    const me = authenticatedMe();
    const answers: UserCookiePreferencesResponse[] = [
      { preferences: null, updated: null },
      { preferences: NONE_BUT_REQUIRED, updated: '2026-11-01T00:00:00Z' },
    ];
    for (const answer of answers) {
      for (const cookie of [undefined, STORED]) {
        const initial = renderedConsentSnapshot(cookie, contextIn('FR', me), undefined, answer);
        const browser = setup({ cookies: cookie ? { [CONSENT_COOKIE]: cookie } : {} });
        const consent = new ConsentController({
          server: browser.server,
          jar: browser.jar,
          storage: () => null,
          report: browser.report,
          initial,
          renderedAnswer: { userId: me.id, answer },
        });
        await consent.sync(contextIn('FR', me));
        expect(consent.getSnapshot()).toEqual(initial);
        expect(initial.ready).toBe(true);
        expect(browser.server.fetch).not.toHaveBeenCalled();
        // A choice in the cookie and none on the server: the cookie's is saved there.
        expect(browser.saved.length).toBe(cookie && !answer.preferences ? 1 : 0);
      }
    }
    // The banner shows in the first HTML only when neither holds a choice.
    expect(renderedConsentSnapshot(undefined, contextIn('FR', me), undefined, answers[0]).hasChoice).toBe(
      false,
    );
    expect(renderedConsentSnapshot(undefined, contextIn('FR', me), undefined, answers[1]).hasChoice).toBe(
      true,
    );
  });

  it('reads nothing for a signed-in user whose choice the server did not read for the page', () => {
    expect(renderedConsentSnapshot(STORED, contextIn('FR', authenticatedMe()))).toEqual({
      allowed: ['C0001'],
      hasChoice: false,
      ready: false,
    });
  });

  it('is where a controller given it starts, before and after hydration', () => {
    const initial = renderedConsentSnapshot(undefined, contextIn('FR'));
    const consent = new ConsentController({
      server: { fetch: vi.fn(), save: vi.fn() },
      jar: memoryJar(),
      storage: () => null,
      report: vi.fn(),
      initial,
    });
    expect(consent.getInitialSnapshot()).toBe(initial);
    expect(consent.getSnapshot()).toBe(initial);
  });
});
