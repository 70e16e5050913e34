import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of the customer page, labelled by its heading. */
export function CustomerSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
