import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A destructive action's confirmation: what will happen, the refusal of a failed attempt (the
 * dialog stays open), 'Cancel' (focused first, also the close button's name) and the red
 * confirm button, busy while the action runs.
 */
export function ConfirmActionModal({
  opened,
  title,
  children,
  error,
  cancelLabel,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  error: ReactNode | null;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': cancelLabel }}
      centered
    >
      <Stack>
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
