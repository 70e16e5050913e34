import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useIslandPage } from '../app/islands/island-page';
import { PlainButton, PlainButtonLink } from './plain-button';
import { PlainAlert } from './plain-form';

/**
 * Data that failed to load: what failed, and a "Try again" that loads it again. On a page
 * hydrated as islands (app/islands) outside an island, where this alert is not hydrated,
 * "Try again" loads the page again instead. Island-safe.
 */
export function LoadErrorAlert({
  message,
  onRetry,
  testId,
}: {
  message: ReactNode;
  onRetry: () => void;
  testId?: string;
}) {
  const islandPage = useIslandPage();
  return (
    <PlainAlert tone="red" role="alert" data-testid={testId}>
      <div>{message}</div>
      {islandPage ? (
        <PlainButtonLink to={`${islandPage.pathname}${islandPage.search}`} variant="default">
          <FormattedMessage id="common.tryAgain" />
        </PlainButtonLink>
      ) : (
        <PlainButton variant="default" onClick={onRetry}>
          <FormattedMessage id="common.tryAgain" />
        </PlainButton>
      )}
    </PlainAlert>
  );
}
