import { useIntl } from 'react-intl';
import { openConsentCenter } from '../../app/shell/consent-center';
import classes from './cookie-settings-button.module.css';

/**
 * The footer's "Cookie settings": opens the consent preference center (platform §4). A plain
 * button that looks like a small link, with no Mantine JavaScript, so it can be hydrated as an
 * island on public pages (app/islands). Whoever places it hides it in the mobile app's webview.
 */
export function CookieSettingsButton() {
  const intl = useIntl();
  return (
    <button type="button" className={classes.button} onClick={openConsentCenter}>
      {intl.formatMessage({ id: 'shell.cookieSettings' })}
    </button>
  );
}
