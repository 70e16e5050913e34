import { COPY_LINK_CONFIRMATION_MS } from '@lectern/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The share link in a read-only field (so it can always be copied by hand) and a "Copy link"
 * button. A copy is confirmed in a status region for 3 s (platform §4, §9); without
 * clipboard access the link is selected and the reader is told to copy it.
 */
export function CopyLinkField({ url, onCopied }: { url: string; onCopied?: () => void }) {
  const intl = useIntl();
  const [state, setState] = useState<CopyState>('idle');
  const input = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(hideTimer.current);
    };
  }, []);

  const copy = async () => {
    clearTimeout(hideTimer.current);
    try {
      // Missing on pages served without HTTPS and in some embedded browsers.
      if (!navigator.clipboard) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(url);
    } catch {
      if (!mounted.current) return;
      setState('failed');
      input.current?.select();
      return;
    }
    if (!mounted.current) return;
    setState('copied');
    onCopied?.();
    // Each copy shows the confirmation for the full time again.
    hideTimer.current = setTimeout(() => setState('idle'), COPY_LINK_CONFIRMATION_MS);
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
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
