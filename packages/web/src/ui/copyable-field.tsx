import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/load-messages';
import { useClipboardCopy } from './use-clipboard-copy';

export interface CopyableFieldProps {
  value: string;
  /** Message ids of the field's label, the button, and the two outcomes. */
  messages: { label: MessageId; copy: MessageId; copied: MessageId; failed: MessageId };
  onCopied?: () => void;
  testId?: string;
}

/**
 * A value in a read-only field (so it can always be copied by hand) and a copy button. A copy
 * is confirmed in a status region for 3 s (platform §4, §9); without clipboard access the
 * value is selected and the reader is told to copy it.
 */
export function CopyableField({ value, messages, onCopied, testId }: CopyableFieldProps) {
  const intl = useIntl();
  const { state, copy, inputRef } = useClipboardCopy(value, { onCopied });
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label={intl.formatMessage({ id: messages.label })}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          data-testid={testId}
        />
        <Button variant="default" onClick={() => void copy()}>
          <FormattedMessage id={messages.copy} />
        </Button>
      </Group>
      {/* Always rendered, so screen readers are listening when the text appears. */}
      <Text role="status" size="sm" mih="1.5em">
        {state === 'copied' && <FormattedMessage id={messages.copied} />}
        {state === 'failed' && <FormattedMessage id={messages.failed} />}
      </Text>
    </Stack>
  );
}
