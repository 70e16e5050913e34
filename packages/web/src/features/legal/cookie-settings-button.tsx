import { useSearchParams } from 'react-router';
import { Island } from '../../app/islands/island';
import { useUserContext } from '../../app/user-context/use-user-context';
import { CookieSettingsButton as OpenConsentCenterButton } from '../consent/cookie-settings-button';

const MOBILE_APP_DISPLAY_TYPE = 'mobile_app';

/**
 * The cookie policy's "Cookie settings": the footer's, with a button's look. Hidden where the
 * footer hides it: the mobile app has its own consent screen (platform §2).
 */
export function CookieSettingsButton() {
  const { request } = useUserContext();
  const [params] = useSearchParams();
  if (
    params.get('display_type') === MOBILE_APP_DISPLAY_TYPE ||
    request?.display_type === MOBILE_APP_DISPLAY_TYPE
  ) {
    return null;
  }
  // An island of its own on the (islands) cookie policy page, hydrated when it is about to be used.
  return (
    <Island
      name="cookie-settings"
      component={OpenConsentCenterButton}
      props={{ look: 'button' }}
      hydrate="on-interaction"
    />
  );
}
