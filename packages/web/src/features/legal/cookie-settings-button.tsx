import { Button } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { openConsentCenter } from '../../app/shell/consent-center';
import { useUserContext } from '../../app/user-context/use-user-context';

const MOBILE_APP_DISPLAY_TYPE = 'mobile_app';

/**
 * Opens the consent preference center from the cookie policy, like the footer's "Cookie
 * settings". Hidden where the footer hides it: the mobile app has its own consent screen
 * (platform §2).
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
  return (
    <Button variant="default" onClick={openConsentCenter}>
      <FormattedMessage id="shell.cookieSettings" />
    </Button>
  );
}
