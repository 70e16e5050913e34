import { useIntl } from 'react-intl';
import { openConsentCenter } from '../../app/shell/consent-center';
import { PlainButton } from '../../ui/plain-button';
import classes from './cookie-settings-button.module.css';

/**
 * "Cookie settings": opens the consent preference center (platform §4). With no Mantine
 * JavaScript, so it can be hydrated as an island on public pages (app/islands): a small link's
 * look in the footer, a button's in a text (`look="button"`). Whoever places it hides it in
 * the mobile app's webview.
 */
export function CookieSettingsButton({ look = 'link' }: { look?: 'link' | 'button' }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'shell.cookieSettings' });
  if (look === 'button') {
    return (
      <PlainButton variant="default" onClick={openConsentCenter}>
        {label}
      </PlainButton>
    );
  }
  return (
    <button type="button" className={classes.button} onClick={openConsentCenter}>
      {label}
    </button>
  );
}
