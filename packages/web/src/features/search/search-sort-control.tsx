import { SEARCH_SORTS, type SearchSort } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { useNavigation } from '../../platform/navigation/navigation';
import { PlainButton } from '../../ui/plain-button';
import { useStableId } from '../../ui/use-stable-id';
import { SEARCH_FILTERS, SEARCH_PAGE_PATH, searchHref, type SearchPageParams } from './search-api';
import classes from './search-page.module.css';

const SORT_LABELS: Record<SearchSort, MessageId> = {
  RELEVANCE: 'search.sort.relevance',
  RATING: 'search.sort.rating',
  REVIEWS: 'search.sort.reviews',
  TIME: 'search.sort.newest',
};

/**
 * The order of the results. A GET form, so it works before (or without) the JavaScript, with
 * its button; after, choosing an order goes there at once. Island-safe: the search page is
 * hydrated as islands (app/islands).
 */
export function SearchSortControl({ params }: { params: SearchPageParams }) {
  const intl = useIntl();
  const { navigate } = useNavigation();
  const id = useStableId('sort');
  return (
    <form method="get" action={SEARCH_PAGE_PATH} className={classes.sort}>
      {params.q && <input type="hidden" name="q" value={params.q} />}
      {SEARCH_FILTERS.map((name) =>
        params[name] === undefined ? null : (
          <input key={name} type="hidden" name={name} value={String(params[name])} />
        ),
      )}
      <div className={classes.sortSelect}>
        <label htmlFor={id} className={classes.sortLabel}>
          {intl.formatMessage({ id: 'search.sort.label' })}
        </label>
        <select
          id={id}
          name="sort"
          className={classes.sortInput}
          value={params.sort}
          onChange={(event) =>
            navigate(searchHref({ ...params, sort: event.currentTarget.value as SearchSort, page: 1 }))
          }
        >
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage({ id: SORT_LABELS[sort] })}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <PlainButton type="submit" variant="default">
          <FormattedMessage id="search.sort.apply" />
        </PlainButton>
      </noscript>
    </form>
  );
}
