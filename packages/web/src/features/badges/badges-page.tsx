import { Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import type { MessageId } from '../../i18n/load-messages';
import type { BadgeType } from '../../platform/graphql/graphql-types.generated';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { currentPage, Pagination } from '../../ui/pagination';
import { RequireSignIn } from '../subscriptions/require-sign-in';
import { myBadgesQuery, type BadgeAssertion } from './badges-api';

const TYPE_LABELS = {
  OPEN_BADGE: 'badges.type.OPEN_BADGE',
  BLUEPRINT: 'badges.type.BLUEPRINT',
} as const satisfies Record<BadgeType, MessageId>;

/**
 * `/user/profile/badges/`: the badges and certifications the learner earned (platform §3 badge
 * assertions, `badgeAssertionsByUser` of their own id), newest first, twelve a page (`?p=`).
 */
export function BadgesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'badges.pageTitle' }));
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Title order={1}>
            <FormattedMessage id="badges.heading" />
          </Title>
          <Text>
            <FormattedMessage id="badges.intro" />
          </Text>
          <BadgeList />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function BadgeList() {
  const intl = useIntl();
  const api = useApiClient();
  const me = useMe();
  const { search } = useLocation();
  const page = currentPage(search);
  const userId = me.is_authenticated ? me.id : 0;
  const badges = useQuery({ ...myBadgesQuery(api, userId, page), enabled: me.is_authenticated });
  // When the list was read: an award is expired if it was by then.
  const now = badges.dataUpdatedAt;
  if (badges.isPending) return <PageLoader label={intl.formatMessage({ id: 'badges.loading' })} />;
  if (badges.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="badges.loadFailed" />}
        onRetry={() => void badges.refetch()}
      />
    );
  }
  const { items, pageCount } = badges.data;
  if (items.length === 0) {
    return (
      <Text data-testid="badges-empty">
        <FormattedMessage id={page > 1 ? 'badges.emptyPage' : 'badges.empty'} />
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((assertion) => (
          <li key={assertion.id}>
            <BadgeCard assertion={assertion} now={now} />
          </li>
        ))}
      </SimpleGrid>
      <Pagination page={page} pageCount={pageCount} loading={badges.isPlaceholderData} />
    </Stack>
  );
}

function BadgeCard({ assertion, now }: { assertion: BadgeAssertion; now: number }) {
  const intl = useIntl();
  const badge = assertion.badgeClass;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'long' });
  const expired = assertion.expires !== null && new Date(assertion.expires).getTime() <= now;
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="badge-assertion">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4">
            {badge.name}
          </Title>
          {expired && (
            <Badge color="gray" variant="light">
              <FormattedMessage id="badges.expiredTag" />
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="badges.issuer"
            values={{ issuer: badge.issuer.name, type: intl.formatMessage({ id: TYPE_LABELS[badge.type] }) }}
          />
        </Text>
        <Text size="sm">{badge.description}</Text>
        <Text size="sm">
          <FormattedMessage id="badges.issuedOn" values={{ date: date(assertion.issuedOn) }} />
          {' · '}
          {assertion.expires === null ? (
            <FormattedMessage id="badges.noExpiry" />
          ) : (
            <FormattedMessage
              id={expired ? 'badges.expiredOn' : 'badges.expires'}
              values={{ date: date(assertion.expires) }}
            />
          )}
        </Text>
        {(badge.topic || badge.tags.length > 0) && (
          <Group gap={6} role="list" aria-label={intl.formatMessage({ id: 'badges.tags' })}>
            {[...(badge.topic ? [badge.topic.name] : []), ...badge.tags]
              .filter((tag, index, all) => all.indexOf(tag) === index)
              .map((tag) => (
                <Badge key={tag} variant="light" role="listitem" tt="none">
                  {tag}
                </Badge>
              ))}
          </Group>
        )}
        <Group gap="md">
          {assertion.externalUrl && (
            <Anchor
              href={assertion.externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              aria-label={intl.formatMessage({ id: 'badges.verifyLabel' }, { name: badge.name })}
            >
              <FormattedMessage id="badges.verify" />
            </Anchor>
          )}
          {badge.externalUrl && (
            <Anchor
              href={badge.externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              aria-label={intl.formatMessage({ id: 'badges.aboutLabel' }, { name: badge.name })}
            >
              <FormattedMessage id="badges.about" />
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
