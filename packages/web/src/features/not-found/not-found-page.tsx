import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { PAGE_ROUTES } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../seo/page-head';

/** Any path that is not a page; the server answers the same paths with status 404. */
export function NotFoundPage() {
  const intl = useIntl();
  return (
    <Container size="sm" py={64}>
      {/* In the server's HTML: the 404 page is hydrated as islands, with no page code to set it. */}
      <PageTitle title={intl.formatMessage({ id: 'notFound.pageTitle' })} />
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
