import { Anchor, Group } from '@mantine/core';
import { pagePath } from '@lectern/domain';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { categoriesQuery } from './courses-api';

/** Links to the category pages; nothing while they load or when they cannot be loaded. */
export function CategoryLinks({ current }: { current?: string }) {
  const intl = useIntl();
  const api = useApiClient();
  const categories = useQuery(categoriesQuery(api));
  if (!categories.data?.length) return null;
  return (
    <nav aria-label={intl.formatMessage({ id: 'catalog.categoriesNav' })}>
      <Group gap="md" wrap="wrap">
        {categories.data.map((category) => (
          <Anchor
            key={category.slug}
            component={Link}
            to={pagePath('category', { category: category.slug })}
            fw={category.slug === current ? 700 : 500}
            aria-current={category.slug === current ? 'page' : undefined}
          >
            {category.title}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}
