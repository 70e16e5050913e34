import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A new signing secret, shown this once (the server never reads it back): copy it into the
 * receiver's configuration before closing.
 */
export function WebhookSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="Copy the signing secret now" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Your receiver checks each delivery’s <Code>Lectern-Signature</Code> header with this secret. It is
          shown only this once: if it is lost, roll a new one.
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : 'blue'} onClick={copy}>
                {copied ? 'Copied' : 'Copy the secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
