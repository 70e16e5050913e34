import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useIslandPage } from '../app/islands/island-page';

/**
 * Data that failed to load: what failed, and a "Try again" that loads it again. On a page
 * hydrated as islands (app/islands), where this alert is not hydrated, "Try again" loads the
 * page again instead.
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
    <Alert color="red" variant="light" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {islandPage ? (
          <Button component="a" href={`${islandPage.pathname}${islandPage.search}`} variant="default">
            <FormattedMessage id="common.tryAgain" />
          </Button>
        ) : (
          <Button variant="default" onClick={onRetry}>
            <FormattedMessage id="common.tryAgain" />
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
