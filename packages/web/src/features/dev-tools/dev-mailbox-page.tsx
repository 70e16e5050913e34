import { Anchor, Badge, Code, Container, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { currentPage, Pagination } from '../../ui/pagination';
import { devMailboxQuery, devMailQuery, isNotAvailable, type DevMailStatus } from './dev-tools-api';
import { DevToolsUnavailable, useDevToolsAvailable } from './dev-tools-unavailable';

/** The query parameter naming the mail that is open. */
export const MAIL_PARAM = 'mail';

const STATUS_MESSAGES = {
  queued: 'devTools.mailbox.status.queued',
  sending: 'devTools.mailbox.status.sending',
  sent: 'devTools.mailbox.status.sent',
  failed: 'devTools.mailbox.status.failed',
} as const;

const STATUS_COLORS: Record<DevMailStatus, string> = {
  queued: 'blue',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
};

function StatusBadge({ status }: { status: DevMailStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      <FormattedMessage id={STATUS_MESSAGES[status]} />
    </Badge>
  );
}

/** The open mail's id from the query string, when it is a whole number from 1. */
function openMailId(search: string): number | null {
  const value = Number(new URLSearchParams(search).get(MAIL_PARAM));
  return Number.isInteger(value) && value >= 1 ? value : null;
}

/** The same address with another mail open, or none (`null`), keeping the page. */
function mailHref(pathname: string, search: string, id: number | null): string {
  const params = new URLSearchParams(search);
  if (id === null) params.delete(MAIL_PARAM);
  else params.set(MAIL_PARAM, String(id));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * `/dev/mailbox/` (outside production): every mail of the server's outbox, newest first, and
 * the one opened with `?mail=<id>` (its HTML part in a sandboxed frame, or its text part).
 */
export function DevMailboxPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'devTools.mailbox.pageTitle' }));
  const { search } = useLocation();
  const mailId = openMailId(search);
  const available = useDevToolsAvailable();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="devTools.mailbox.heading" />
        </Title>
        {!available ? <DevToolsUnavailable /> : mailId === null ? <MailList /> : <MailView id={mailId} />}
      </Stack>
    </Container>
  );
}

function MailList() {
  const intl = useIntl();
  const api = useApiClient();
  const { pathname, search } = useLocation();
  const page = currentPage(search);
  const mailbox = useQuery({ ...devMailboxQuery(api, page), placeholderData: keepPreviousData });

  if (mailbox.isPending) return <PageLoader label={intl.formatMessage({ id: 'devTools.mailbox.loading' })} />;
  if (mailbox.isError) {
    if (isNotAvailable(mailbox.error)) return <DevToolsUnavailable />;
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="devTools.mailbox.error" />}
        onRetry={() => void mailbox.refetch()}
      />
    );
  }
  const { results, total_pages: pageCount } = mailbox.data;
  return (
    <Stack gap="md">
      <Text>
        <FormattedMessage id="devTools.mailbox.intro" />
      </Text>
      {results.length === 0 ? (
        <Text>
          <FormattedMessage id="devTools.mailbox.empty" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped captionSide="top">
            <Table.Caption>
              <FormattedMessage id="devTools.mailbox.caption" />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <FormattedMessage id="devTools.mailbox.kind" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="devTools.mailbox.to" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="devTools.mailbox.subject" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="devTools.mailbox.created" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="devTools.mailbox.status" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td>
                    <Code>{mail.kind}</Code>
                  </Table.Td>
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={mailHref(pathname, search, mail.id)}>
                      {mail.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {intl.formatDate(mail.created, { dateStyle: 'medium', timeStyle: 'short' })}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={mail.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} pageCount={pageCount} loading={mailbox.isPlaceholderData} />
    </Stack>
  );
}

function MailView({ id }: { id: number }) {
  const intl = useIntl();
  const api = useApiClient();
  const { pathname, search } = useLocation();
  const mail = useQuery(devMailQuery(api, id));
  const [showText, setShowText] = useState(false);
  const back = (
    <Anchor component={Link} to={mailHref(pathname, search, null)} w="fit-content">
      <FormattedMessage id="devTools.mailbox.back" />
    </Anchor>
  );

  if (mail.isPending)
    return <PageLoader label={intl.formatMessage({ id: 'devTools.mailbox.mailLoading' })} />;
  if (mail.isError) {
    return (
      <Stack gap="md">
        {back}
        {isNotAvailable(mail.error) ? (
          <Text>
            <FormattedMessage id="devTools.mailbox.mailNotFound" />
          </Text>
        ) : (
          <LoadErrorAlert
            message={<FormattedMessage id="devTools.mailbox.mailError" />}
            onRetry={() => void mail.refetch()}
          />
        )}
      </Stack>
    );
  }
  const { data } = mail;
  const fact = (label: MessageId, value: string) => (
    <Text size="sm">
      <Text span fw={600}>
        {intl.formatMessage({ id: label })}:
      </Text>{' '}
      {value}
    </Text>
  );
  return (
    <Stack gap="md">
      {back}
      <Title order={2}>{data.subject}</Title>
      <Stack gap={4}>
        {fact('devTools.mailbox.to', data.to)}
        {fact('devTools.mailbox.kind', data.kind)}
        {fact(
          'devTools.mailbox.created',
          intl.formatDate(data.created, { dateStyle: 'medium', timeStyle: 'short' }),
        )}
        {data.sent_at &&
          fact(
            'devTools.mailbox.sentAt',
            intl.formatDate(data.sent_at, { dateStyle: 'medium', timeStyle: 'short' }),
          )}
        <Group gap="xs">
          <Text size="sm" fw={600}>
            <FormattedMessage id="devTools.mailbox.status" />:
          </Text>
          <StatusBadge status={data.status} />
        </Group>
      </Stack>
      <Switch
        label={intl.formatMessage({ id: 'devTools.mailbox.showText' })}
        checked={showText}
        onChange={(event) => setShowText(event.currentTarget.checked)}
      />
      {showText ? (
        <Code block data-testid="mail-text">
          {data.text}
        </Code>
      ) : (
        // No scripts, forms, popups or navigation: the mail is shown, never run.
        <iframe
          sandbox=""
          srcDoc={data.html}
          title={intl.formatMessage({ id: 'devTools.mailbox.htmlFrame' })}
          style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-4)' }}
        />
      )}
    </Stack>
  );
}
