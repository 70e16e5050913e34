import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useClipboardCopy } from '../../ui/use-clipboard-copy';

/**
 * The share link in a read-only field (so it can always be copied by hand) and a "Copy link"
 * button. A copy is confirmed in a status region for 3 s (platform §4, §9); without
 * clipboard access the link is selected and the reader is told to copy it.
 */
export function CopyLinkField({ url, onCopied }: { url: string; onCopied?: () => void }) {
  const intl = useIntl();
  const { state, copy, inputRef } = useClipboardCopy(url, { onCopied });

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label={intl.formatMessage({ id: 'sharing.link.label' })}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => void copy()}>
          <FormattedMessage id="sharing.copy" />
        </Button>
      </Group>
      {/* Always rendered, so screen readers are listening when the text appears. */}
      <Text role="status" size="sm" mih="1.5em">
        {state === 'copied' && <FormattedMessage id="sharing.copied" />}
        {state === 'failed' && <FormattedMessage id="sharing.copyFailed" />}
      </Text>
    </Stack>
  );
}
