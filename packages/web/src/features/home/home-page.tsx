import { PAGE_ROUTES } from '@lectern/domain';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useBrandName } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { CategoryLinks } from '../catalog/category-links';
import { CourseGrid, FIRST_ROW_CARDS } from '../catalog/course-grid';
import { coursesQuery } from '../catalog/courses-api';
import { JsonLd } from '../seo/json-ld';
import { PageHead } from '../seo/page-head';
import { usePublicOrigin } from '../seo/public-origin';
import { homeData } from '../seo/structured-data';

export function HomePage() {
  const intl = useIntl();
  const brand = useBrandName();
  const origin = usePublicOrigin();
  const api = useApiClient();
  const courses = useQuery(coursesQuery(api));

  return (
    <Container size="lg" py="xl">
      <PageHead
        title={intl.formatMessage({ id: 'home.pageTitle' })}
        description={intl.formatMessage({ id: 'seo.home.description' }, { brand })}
        path={PAGE_ROUTES.home}
      />
      <JsonLd data={homeData({ brand, origin })} />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>
            <FormattedMessage id="home.heading" />
          </Title>
          <Text size="lg">
            <FormattedMessage id="home.intro" />
          </Text>
        </Stack>
        <CategoryLinks />
        <Title order={2} size="h3">
          <FormattedMessage id="home.coursesHeading" />
        </Title>
        <CourseGrid courses={courses} eagerImages={FIRST_ROW_CARDS} />
      </Stack>
    </Container>
  );
}
