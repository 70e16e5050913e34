import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useBrandName } from '../user-context/use-user-context';

/** Sets `document.title` to "<page> | <brand>", or the brand alone without a page title. */
export function usePageTitle(pageTitle?: string): void {
  const brand = useBrandName();
  const intl = useIntl();
  const title = pageTitle ? intl.formatMessage({ id: 'page.title' }, { page: pageTitle, brand }) : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
