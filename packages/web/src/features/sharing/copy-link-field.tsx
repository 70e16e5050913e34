import { CopyableField } from '../../ui/copyable-field';

/** The share link, copyable (platform §4, §9). */
export function CopyLinkField({ url, onCopied }: { url: string; onCopied?: () => void }) {
  return (
    <CopyableField
      value={url}
      onCopied={onCopied}
      messages={{
        label: 'sharing.link.label',
        copy: 'sharing.copy',
        copied: 'sharing.copied',
        failed: 'sharing.copyFailed',
      }}
    />
  );
}
