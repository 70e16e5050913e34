import { Alert, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

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
