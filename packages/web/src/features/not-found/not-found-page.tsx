import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { PAGE_ROUTES } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';

/** Any path that is not a page; the server answers the same paths with status 404. */
export function NotFoundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notFound.pageTitle' }));
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>
          <FormattedMessage id="notFound.heading" />
        </Title>
        <Text>
          <FormattedMessage id="notFound.body" />
        </Text>
        <Anchor component={Link} to={PAGE_ROUTES.home} fw={700}>
          <FormattedMessage id="notFound.homeLink" />
        </Anchor>
      </Stack>
    </Container>
  );
}
