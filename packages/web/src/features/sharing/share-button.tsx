import type { ShareableObject, ShareContext, ShareNetwork } from '@lectern/domain';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { FormattedMessage } from 'react-intl';
import { reportError } from '../../platform/report-error';
import { PlainButton } from '../../ui/plain-button';
import type { ShareDialogProps } from './share-dialog';
import { useCanShare } from './use-can-share';

/**
 * The dialog uses Mantine (its Modal), which islands (app/islands) do not load: its code, and
 * Mantine's provider for where there is none around it, are fetched the first time it opens.
 * If that fails it is reported and nothing opens; the page keeps working.
 */
const ShareDialog = lazy<ComponentType<ShareDialogProps>>(() =>
  Promise.all([import('./share-dialog'), import('../../ui/on-demand-providers')]).then(
    ([{ ShareDialog: Dialog }, { OnDemandProviders }]) => ({
      default: function MantineShareDialog({ opened, ...props }: ShareDialogProps) {
        // Mounted closed, then opened: the Modal notes what had focus (to return it on close)
        // only when `opened` changes.
        const [mounted, setMounted] = useState(false);
        useEffect(() => setMounted(true), []);
        return (
          <OnDemandProviders>
            <Dialog opened={opened && mounted} {...props} />
          </OnDemandProviders>
        );
      },
    }),
    (error: unknown) => {
      reportError(error, { module: 'share-dialog' });
      return { default: () => null };
    },
  ),
);

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
 *
 * Island-safe (app/islands): no Mantine, router or zod in its module graph (the dialog is
 * loaded on demand). `onShare` is a function, so an island uses a wrapper that supplies it
 * (e.g. CourseShareButton).
 */
export function ShareButton({ object, context, sourceUrl, onShare }: ShareButtonProps) {
  const [opened, setOpened] = useState(false);
  // The dialog's code is loaded, and it is mounted, from its first opening on.
  const [used, setUsed] = useState(false);
  const allowed = useCanShare(object);
  if (!allowed) return null;
  return (
    <>
      <PlainButton
        variant="default"
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        aria-haspopup="dialog"
      >
        <FormattedMessage id="sharing.button" />
      </PlainButton>
      {used && (
        <Suspense fallback={null}>
          <ShareDialog
            opened={opened}
            onClose={() => setOpened(false)}
            object={object}
            context={context}
            sourceUrl={sourceUrl}
            onShare={onShare}
          />
        </Suspense>
      )}
    </>
  );
}
