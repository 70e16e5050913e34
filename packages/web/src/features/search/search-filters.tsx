import type { CourseSearchFacets, InstructionalLevel, SearchFacetValue, SearchPrice } from '@lectern/domain';
import { Anchor, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/load-messages';
import { SEARCH_FILTERS, searchHref, type SearchFilterName, type SearchPageParams } from './search-api';
import classes from './search-page.module.css';

const LEVEL_LABELS: Record<InstructionalLevel, MessageId> = {
  ALL_LEVELS: 'search.level.allLevels',
  BEGINNER: 'search.level.beginner',
  INTERMEDIATE: 'search.level.intermediate',
  EXPERT: 'search.level.expert',
};

const PRICE_LABELS: Record<SearchPrice, MessageId> = {
  free: 'search.price.free',
  paid: 'search.price.paid',
};

const FILTER_HEADINGS: Record<SearchFilterName, MessageId> = {
  category: 'search.filter.category',
  level: 'search.filter.level',
  price: 'search.filter.price',
  language: 'search.filter.language',
  rating: 'search.filter.rating',
};

interface Option {
  value: string | number;
  label: ReactNode;
  count: number;
  /** A subcategory under its category. */
  nested?: boolean;
}

/**
 * The filters as links: each choice is the search page's address with that filter set (or,
 * for the chosen one, unset), back to page 1, the query and the other filters kept. They work
 * before the JavaScript has loaded, and the back button undoes each one.
 */
export function SearchFilters({ params, facets }: { params: SearchPageParams; facets: CourseSearchFacets }) {
  const intl = useIntl();
  const headingId = useId();
  const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase(intl.locale) + text.slice(1);

  // Categories, and the subcategories of the chosen one (or of the chosen subcategory's category).
  const chosen = facets.category.find((entry) => entry.value === params.category);
  const openCategory = chosen?.parent ?? chosen?.value;
  const categoryOptions: Option[] = facets.category
    .filter((entry) => entry.parent === null || entry.parent === openCategory)
    .map((entry) => ({
      value: entry.value,
      label: entry.title,
      count: entry.count,
      nested: entry.parent !== null,
    }));
  const simple = <V extends string | number>(values: SearchFacetValue<V>[], label: (value: V) => ReactNode) =>
    values.map((entry) => ({ value: entry.value, label: label(entry.value), count: entry.count }));

  const groups: Record<SearchFilterName, Option[]> = {
    category: categoryOptions,
    level: simple(facets.level, (level) => intl.formatMessage({ id: LEVEL_LABELS[level] })),
    price: simple(facets.price, (price) => intl.formatMessage({ id: PRICE_LABELS[price] })),
    language: simple(facets.language, (code) =>
      capitalized(intl.formatDisplayName(code, { type: 'language', fallback: 'code' }) ?? code),
    ),
    rating: facets.rating
      .filter((entry) => entry.count > 0 || entry.value === params.rating)
      .map((entry) => ({
        value: entry.value,
        count: entry.count,
        label: (
          <FormattedMessage
            id="search.rating.option"
            values={{ rating: entry.value, star: (chunks) => <span aria-hidden="true">{chunks}</span> }}
          />
        ),
      })),
  };
  const filtered = SEARCH_FILTERS.some((name) => params[name] !== undefined);

  return (
    <nav aria-labelledby={headingId} className={classes.filters}>
      <Title order={2} size="h4" id={headingId}>
        <FormattedMessage id="search.filters.heading" />
      </Title>
      {filtered && (
        <Anchor component={Link} to={searchHref({ q: params.q, sort: params.sort })} size="sm" fw={700}>
          <FormattedMessage id="search.filters.clear" />
        </Anchor>
      )}
      {SEARCH_FILTERS.map((name) =>
        groups[name].length === 0 ? null : (
          <FilterGroup key={name} name={name} options={groups[name]} params={params} />
        ),
      )}
    </nav>
  );
}

function FilterGroup({
  name,
  options,
  params,
}: {
  name: SearchFilterName;
  options: Option[];
  params: SearchPageParams;
}) {
  const headingId = useId();
  const selected = params[name];
  return (
    <Stack gap={6} role="group" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        <FormattedMessage id={FILTER_HEADINGS[name]} />
      </Title>
      <ul className={classes.options}>
        {options.map((option) => {
          const isSelected = String(option.value) === String(selected);
          // Choosing the chosen value again takes the filter off.
          const href = searchHref({ ...params, [name]: isSelected ? undefined : option.value, page: 1 });
          return (
            <li key={option.value} className={option.nested ? classes.nested : undefined}>
              <Link to={href} className={classes.option} aria-current={isSelected ? 'true' : undefined}>
                <span className={classes.check} aria-hidden="true" />
                <FormattedMessage
                  id="search.filter.option"
                  values={{
                    label: option.label,
                    count: option.count,
                    muted: (chunks) => <span className={classes.count}>{chunks}</span>,
                  }}
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
