import { shareTarget, type ShareableObject, type ShareContext, type ShareNetwork } from '@lectern/domain';
import { Button, Modal, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useBrandName } from '../../app/user-context/use-user-context';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { CopyLinkField } from './copy-link-field';
import {
  LINK_NETWORKS,
  networkShareUrl,
  openCentredPopup,
  shareOpening,
  type LinkNetwork,
  type ShareContent,
} from './share-networks';
import { shareLinkQuery } from './sharing-api';

export interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What is shared; its title names the dialog and goes into the texts. */
  object: ShareableObject;
  /** Where the share starts (platform §9), sent with the link request. */
  context: ShareContext;
  /** The address to share; the current page by default. Its query is dropped (platform §7). */
  sourceUrl?: string;
  /** Called when the reader picks a network (for clipboard: once the link is copied). */
  onShare?: (network: ShareNetwork) => void;
}

const NETWORK_LABELS: Record<LinkNetwork, MessageId> = {
  facebook: 'sharing.network.facebook',
  fb_workplace: 'sharing.network.fbWorkplace',
  twitter: 'sharing.network.twitter',
  messenger: 'sharing.network.messenger',
  whatsapp: 'sharing.network.whatsapp',
  mailto: 'sharing.network.mailto',
};

/**
 * The share dialog (platform §4, §9). Its content mounts only while it is open, so the short
 * link is requested when the reader opens it, not for every page view.
 */
export function ShareDialog({ opened, onClose, object, ...content }: ShareDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'sharing.dialog.title' }, { title: object.title })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'sharing.dialog.close' }) }}
      centered
    >
      <ShareDialogContent object={object} {...content} />
    </Modal>
  );
}

function ShareDialogContent({
  object,
  context,
  sourceUrl,
  onShare,
}: Omit<ShareDialogProps, 'opened' | 'onClose'>) {
  const intl = useIntl();
  const api = useApiClient();
  // Taken once when the dialog opens: the page being shared is the one it was opened on.
  const [target] = useState(() => shareTarget(sourceUrl ?? window.location.href));
  const link = useQuery(shareLinkQuery(api, { target, context }));

  if (link.data) return <ShareOptions object={object} url={link.data.url} onShare={onShare} />;
  // A retry keeps the error state while it runs; the loader shows it is under way.
  if (link.isError && !link.isFetching) {
    return (
      <LoadErrorAlert message={<FormattedMessage id="sharing.error" />} onRetry={() => void link.refetch()} />
    );
  }
  return <PageLoader label={intl.formatMessage({ id: 'sharing.loading' })} />;
}

function ShareOptions({
  object,
  url,
  onShare,
}: {
  object: ShareableObject;
  url: string;
  onShare: ShareDialogProps['onShare'];
}) {
  const intl = useIntl();
  const brand = useBrandName();
  const headingId = useId();
  const values = { title: object.title, brand, url };
  const content: ShareContent = {
    url,
    text: intl.formatMessage({ id: 'sharing.text' }, values),
    mailSubject: intl.formatMessage({ id: 'sharing.mail.subject' }, values),
    mailBody: intl.formatMessage({ id: 'sharing.mail.body' }, values),
  };

  return (
    <Stack gap="md">
      <Text id={headingId} fw={600} size="sm">
        <FormattedMessage id="sharing.networks" />
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" role="group" aria-labelledby={headingId}>
        {LINK_NETWORKS.map((network) => (
          <NetworkLink
            key={network}
            network={network}
            href={networkShareUrl(network, content)}
            onShare={onShare}
          />
        ))}
      </SimpleGrid>
      <CopyLinkField url={url} onCopied={() => onShare?.('clipboard')} />
    </Stack>
  );
}

/**
 * One network as a real link, so it also works from the keyboard, with a middle click or
 * with scripts blocked; X and Workplace are moved into a centred popup of the spec's size.
 */
function NetworkLink({
  network,
  href,
  onShare,
}: {
  network: LinkNetwork;
  href: string;
  onShare: ShareDialogProps['onShare'];
}) {
  const opening = shareOpening(network);
  const newWindow = opening.kind !== 'app';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onShare?.(network);
    // A blocked popup falls back to the link's own new tab.
    if (opening.kind === 'popup' && openCentredPopup(href, `share-${network}`, opening.size)) {
      event.preventDefault();
    }
  };
  return (
    <Button
      component="a"
      href={href}
      variant="default"
      onClick={onClick}
      {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <FormattedMessage id={NETWORK_LABELS[network]} />
      {newWindow && (
        <VisuallyHidden>
          {' '}
          <FormattedMessage id="sharing.opensInNewWindow" />
        </VisuallyHidden>
      )}
    </Button>
  );
}
