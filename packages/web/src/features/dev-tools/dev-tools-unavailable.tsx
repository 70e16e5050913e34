import { Alert, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useUserContext } from '../../app/user-context/use-user-context';

/**
 * False where the server runs in production: it has no developer tools there (their pages
 * answer 404, their API too), so the page says so at once, in the server's HTML as well.
 */
export function useDevToolsAvailable(): boolean {
  return useUserContext().config?.env !== 'production';
}

/** What a developer page shows where the server has no developer tools (production: 404). */
export function DevToolsUnavailable() {
  return (
    <Alert
      color="gray"
      variant="light"
      title={<FormattedMessage id="devTools.notAvailable.heading" />}
      data-testid="dev-tools-unavailable"
    >
      <Text size="sm">
        <FormattedMessage id="devTools.notAvailable.body" />
      </Text>
    </Alert>
  );
}
