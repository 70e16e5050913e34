import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient, type ApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { browserLocalStorage } from '../tracking/tracking-storage';
import { fetchUserCookiePreferences, saveUserCookiePreferences } from './consent-api';
import { ConsentController, type ConsentSnapshot, type RenderedConsentAnswer } from './consent-controller';
import { documentCookieJar } from './cookie-jar';

/** The controller's context; islands (app/islands) provide the page's one controller through it. */
export const ConsentContext = createContext<ConsentController | null>(null);

/**
 * The app's one consent controller. Page start-up (step 3) reads the stored choice first;
 * after that, a login or logout reads it again for the new user.
 */
export function ConsentProvider({
  controller,
  children,
}: {
  controller?: ConsentController;
  children: ReactNode;
}) {
  const api = useApiClient();
  const [consent] = useState(() => controller ?? createConsentController(api));
  const userContext = useUserContext();
  useEffect(() => {
    // Before start-up has synced there is nothing to refresh; `sync` skips a user it has read.
    if (!consent.started || !userContext.isLoaded) return;
    void consent.sync({ me: userContext.me, request: userContext.request });
  }, [consent, userContext]);
  return <ConsentContext value={consent}>{children}</ConsentContext>;
}

export function useConsentController(): ConsentController {
  const consent = useContext(ConsentContext);
  if (!consent) throw new Error('useConsentController must be used inside <ConsentProvider>.');
  return consent;
}

/** The current consent; re-renders on every change. */
export function useConsent(): ConsentSnapshot {
  const consent = useConsentController();
  return useSyncExternalStore(consent.subscribe, consent.getSnapshot, consent.getInitialSnapshot);
}

/**
 * The page's consent controller: the user's stored choice on the server, the visitor's in
 * cookies; `initial` is what the server rendered the page with.
 */
export function createConsentController(
  api: ApiClient,
  initial?: ConsentSnapshot,
  renderedAnswer?: RenderedConsentAnswer,
): ConsentController {
  return new ConsentController({
    initial,
    renderedAnswer,
    server: {
      fetch: () => fetchUserCookiePreferences(api),
      save: (preferences) => saveUserCookiePreferences(api, preferences),
    },
    jar: documentCookieJar(),
    storage: browserLocalStorage,
    report: reportError,
  });
}
