import { Alert } from '@mantine/core';

/** A submit failure that belongs to no single field; announced as it appears (role=alert). */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" data-testid="form-error">
      {message}
    </Alert>
  );
}
