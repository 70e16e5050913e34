import { Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame shared by the login and signup pages: a heading, the form, a link to the other page. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Container size={440} py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Container>
  );
}
