import type { ShareableObject, ShareContext, ShareNetwork } from '@lectern/domain';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ShareDialog } from './share-dialog';
import { useCanShare } from './use-can-share';

export interface ShareButtonProps {
  object: ShareableObject;
  context: ShareContext;
  /** The address to share; the current page by default. */
  sourceUrl?: string;
  /** Called when the reader picks a network, e.g. to publish a tracking event. */
  onShare?: (network: ShareNetwork) => void;
}

/**
 * "Share" and its dialog. Renders nothing where sharing is not allowed (platform §5): a
 * private object, an organization brand, or external sources turned off.
 */
export function ShareButton({ object, context, sourceUrl, onShare }: ShareButtonProps) {
  const [opened, setOpened] = useState(false);
  const allowed = useCanShare(object);
  if (!allowed) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} aria-haspopup="dialog">
        <FormattedMessage id="sharing.button" />
      </Button>
      <ShareDialog
        opened={opened}
        onClose={() => setOpened(false)}
        object={object}
        context={context}
        sourceUrl={sourceUrl}
        onShare={onShare}
      />
    </>
  );
}
