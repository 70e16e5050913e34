import { Alert } from '@mantine/core';

/** A short confirmation of the last change, announced as it appears. */
export function StaffNotice({ text, onClose }: { text: string | null; onClose: () => void }) {
  if (!text) return null;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {text}
    </Alert>
  );
}
