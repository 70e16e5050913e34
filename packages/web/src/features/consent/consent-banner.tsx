import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import classes from './consent.module.css';

export interface ConsentBannerProps {
  onAcceptAll(): void;
  onRejectAll(): void;
  onOpenSettings(): void;
}

/**
 * The first-visit cookie banner (platform §4): a labelled region at the bottom of the page,
 * not a dialog, so nothing is blocked while the visitor has not chosen. Accepting and
 * rejecting carry the same weight; the settings open the preference center.
 */
export function ConsentBanner({ onAcceptAll, onRejectAll, onOpenSettings }: ConsentBannerProps) {
  const titleId = useId();
  return (
    <section className={classes.banner} aria-labelledby={titleId} data-testid="consent-banner">
      <Container size="lg" py="md">
        <Stack gap="sm">
          <Title order={2} size="h5" id={titleId}>
            <FormattedMessage id="consent.banner.title" />
          </Title>
          <Text size="sm">
            <FormattedMessage id="consent.banner.text" />
          </Text>
          <Group gap="sm">
            <Button onClick={onAcceptAll}>
              <FormattedMessage id="consent.banner.acceptAll" />
            </Button>
            <Button onClick={onRejectAll}>
              <FormattedMessage id="consent.banner.rejectAll" />
            </Button>
            <Button variant="default" onClick={onOpenSettings}>
              <FormattedMessage id="consent.banner.settings" />
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
