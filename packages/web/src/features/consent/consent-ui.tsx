import { CONSENT_CATEGORY_IDS, REQUIRED_CONSENT_CATEGORY } from '@lectern/domain';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { registerConsentCenter } from '../../app/shell/consent-center';
import { useUserContext } from '../../app/user-context/use-user-context';
import { reportError } from '../../platform/report-error';
import { useConsentActions } from './consent-actions';
import { ConsentBanner } from './consent-banner';
import { useConsent } from './consent-provider';
import type { PreferenceCenterProps } from './preference-center';

const MOBILE_APP_DISPLAY_TYPE = 'mobile_app';

/**
 * The preference center uses Mantine, which islands (app/islands) do not load: its code is
 * fetched the first time it opens. If that fails it is reported and nothing opens; the page
 * keeps working.
 */
const PreferenceCenter = lazy<ComponentType<PreferenceCenterProps>>(() =>
  import('./preference-center').then(
    (module) => ({ default: module.PreferenceCenter }),
    (error: unknown) => {
      reportError(error, { module: 'consent-preference-center' });
      return { default: () => null };
    },
  ),
);

const neverChanges = () => () => {};
const displayTypeInUrl = () =>
  new URLSearchParams(globalThis.location?.search).get('display_type') === MOBILE_APP_DISPLAY_TYPE;
// The server's render (and so hydration) has no location: the request's display type tells.
const noDisplayTypeInUrl = () => false;

/** Platform §2: the mobile app's webview has its own consent screen. */
function useInMobileApp(displayType: string | null | undefined): boolean {
  const inUrl = useSyncExternalStore(neverChanges, displayTypeInUrl, noDisplayTypeInUrl);
  return displayType === MOBILE_APP_DISPLAY_TYPE || inUrl;
}

/**
 * The consent screens of the app: the banner on a first visit (no stored choice, once the
 * stored choice has been looked up) and the preference center, opened from the banner or
 * from the footer's "Cookie settings" (registered with the shell's consent center).
 *
 * Island-safe (app/islands): no Mantine, router or zod in its module graph; it renders the
 * same on the server and in the browser for the same data (nothing before the stored choice
 * has been looked up, which happens in the browser).
 */
export function ConsentUi() {
  const userContext = useUserContext();
  const consent = useConsent();
  const actions = useConsentActions();
  const [centerOpen, setCenterOpen] = useState(false);
  // The preference center's code is loaded, and it is mounted, from its first opening on.
  const [centerUsed, setCenterUsed] = useState(false);
  const inMobileApp = useInMobileApp(userContext.isLoaded ? userContext.request?.display_type : null);

  const openCenter = () => {
    setCenterUsed(true);
    setCenterOpen(true);
  };

  useEffect(
    () =>
      registerConsentCenter(() => {
        actions.record('footer_link');
        setCenterUsed(true);
        setCenterOpen(true);
      }),
    [actions],
  );

  if (!userContext.isLoaded || inMobileApp) return null;
  const showBanner = consent.ready && !consent.hasChoice;

  return (
    <>
      {showBanner && (
        <ConsentBanner
          onAcceptAll={() => actions.choose(CONSENT_CATEGORY_IDS, 'banner_accept')}
          onRejectAll={() => actions.choose([REQUIRED_CONSENT_CATEGORY], null)}
          onOpenSettings={openCenter}
        />
      )}
      {centerUsed && (
        <Suspense fallback={null}>
          <PreferenceCenter
            opened={centerOpen}
            allowed={consent.allowed}
            onClose={() => setCenterOpen(false)}
            onConfirm={(allowed) => {
              actions.choose(allowed, 'preference_center_confirm');
              setCenterOpen(false);
            }}
            onAllowAll={() => {
              actions.choose(CONSENT_CATEGORY_IDS, 'preference_center_accept_all');
              setCenterOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
