import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Data that failed to load: what failed, and a "Try again" that loads it again. */
export function LoadErrorAlert({
  message,
  onRetry,
  testId,
}: {
  message: ReactNode;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert color="red" variant="light" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="default" onClick={onRetry}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </Stack>
    </Alert>
  );
}
