import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

export interface ModuleLoadErrorBannerProps {
  /** Defaults to reloading the page, which fetches the missing module again. */
  onReload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * Platform §8: shown in place of content whose code or data could not be fetched, most
 * often after a bad connection or a deploy that replaced the old chunks.
 */
export function ModuleLoadErrorBanner({ onReload = reloadPage }: ModuleLoadErrorBannerProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={<FormattedMessage id="moduleLoadError.title" />}
      data-testid="module-load-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="moduleLoadError.body" />
        </Text>
        <Button color="red" onClick={onReload}>
          <FormattedMessage id="moduleLoadError.reload" />
        </Button>
      </Stack>
    </Alert>
  );
}
