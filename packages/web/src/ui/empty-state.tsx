import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Nothing to show yet, and the one place to go from here. */
export function EmptyState({
  message,
  linkTo,
  linkLabel,
}: {
  message: ReactNode;
  linkTo: string;
  linkLabel: ReactNode;
}) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{message}</Text>
      <Anchor component={Link} to={linkTo} fw={700}>
        {linkLabel}
      </Anchor>
    </Stack>
  );
}
