import { Container, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { LegalFooterLinks } from '../../features/legal/legal-links';
import { CookieSettingsButton } from '../../features/consent/cookie-settings-button';
import { LanguagePicker } from '../../features/locale/language-picker';
import { Island } from '../islands/island';
import { useUserContext } from '../user-context/use-user-context';
import classes from './shell.module.css';

const MOBILE_APP_DISPLAY_TYPE = 'mobile_app';
// Read once per page load: good enough for a copyright line.
const YEAR = new Date().getFullYear();

export function AppFooter() {
  const intl = useIntl();
  const { brandName, request } = useUserContext();
  const [params] = useSearchParams();
  // Platform §2: the mobile app's webview has its own consent screen.
  const inMobileApp =
    params.get('display_type') === MOBILE_APP_DISPLAY_TYPE ||
    request?.display_type === MOBILE_APP_DISPLAY_TYPE;

  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm">
            {intl.formatMessage({ id: 'shell.copyright' }, { year: String(YEAR), brand: brandName })}
          </Text>
          <LegalFooterLinks />
          <Island name="language-picker" component={LanguagePicker} props={{}} hydrate="on-interaction" />
          {!inMobileApp && (
            <Island
              name="cookie-settings"
              component={CookieSettingsButton}
              props={{}}
              hydrate="on-interaction"
            />
          )}
        </Group>
      </Container>
    </footer>
  );
}
