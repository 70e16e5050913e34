import { CONSENT_CATEGORY_IDS, REQUIRED_CONSENT_CATEGORY } from '@lectern/domain';
import { useEffect, useState } from 'react';
import { registerConsentCenter } from '../../app/shell/consent-center';
import { useUserContext } from '../../app/user-context/user-context-provider';
import { useConsentActions } from './consent-actions';
import { ConsentBanner } from './consent-banner';
import { useConsent } from './consent-provider';
import { PreferenceCenter } from './preference-center';

const MOBILE_APP_DISPLAY_TYPE = 'mobile_app';

/** Platform §2: the mobile app's webview has its own consent screen. */
function inMobileApp(displayType: string | null | undefined): boolean {
  if (displayType === MOBILE_APP_DISPLAY_TYPE) return true;
  // The server's render has no location here; the consent screens wait for start-up anyway.
  return new URLSearchParams(globalThis.location?.search).get('display_type') === MOBILE_APP_DISPLAY_TYPE;
}

/**
 * The consent screens of the app: the banner on a first visit (no stored choice, once the
 * stored choice has been looked up) and the preference center, opened from the banner or
 * from the footer's "Cookie settings" (registered with the shell's consent center).
 */
export function ConsentUi() {
  const userContext = useUserContext();
  const consent = useConsent();
  const actions = useConsentActions();
  const [centerOpen, setCenterOpen] = useState(false);

  useEffect(
    () =>
      registerConsentCenter(() => {
        actions.record('footer_link');
        setCenterOpen(true);
      }),
    [actions],
  );

  if (!userContext.isLoaded || inMobileApp(userContext.request?.display_type)) return null;
  const showBanner = consent.ready && !consent.hasChoice;

  return (
    <>
      {showBanner && (
        <ConsentBanner
          onAcceptAll={() => actions.choose(CONSENT_CATEGORY_IDS, 'banner_accept')}
          onRejectAll={() => actions.choose([REQUIRED_CONSENT_CATEGORY], null)}
          onOpenSettings={() => setCenterOpen(true)}
        />
      )}
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
    </>
  );
}
