import { ADMIN_PAGE_SIZE_DEFAULT, type AdminPage } from '@lectern/domain';
import { Box, Button, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';

/**
 * A back office list's state in the URL (a link reproduces the view): read a key, change some
 * keys at once (an empty value removes it); any change but the page's goes back to page 1.
 */
export function useAdminListParams() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  function update(changes: Record<string, string | null>) {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  }
  return { search, get: (key: string) => search.get(key) ?? '', page, update };
}

/** Previous and next pages of a list, as links that keep the rest of its URL query. */
export function AdminPager({
  page,
  pageSize,
  count,
  loading,
}: {
  page: number;
  pageSize: number;
  count: number;
  loading?: boolean;
}) {
  const { pathname, search } = useLocation();
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target <= 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 0 ? 'No results' : `${first}–${last} of ${count}`}
        {loading ? ' (loading…)' : ''}
      </Text>
      {pageCount > 1 && (
        <nav aria-label="Pages">
          <Group gap="xs">
            {page > 1 ? (
              <Button component={Link} to={href(page - 1)} variant="default" size="xs">
                Previous
              </Button>
            ) : (
              <Button variant="default" size="xs" disabled>
                Previous
              </Button>
            )}
            <Text size="sm">
              Page {Math.min(page, pageCount)} of {pageCount}
            </Text>
            {page < pageCount ? (
              <Button component={Link} to={href(page + 1)} variant="default" size="xs">
                Next
              </Button>
            ) : (
              <Button variant="default" size="xs" disabled>
                Next
              </Button>
            )}
          </Group>
        </nav>
      )}
    </Group>
  );
}

/** Query parameters that are not filters: the search text, paging and order. */
const NOT_FILTERS = new Set(['q', 'page', 'page_size', 'sort']);

/**
 * A list's filters: always shown from `sm` up; on a phone folded behind a "Filters" button (with
 * how many are set), so the list itself is on the first screen.
 */
export function AdminMoreFilters({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const id = useId();
  const active = [...params.entries()].filter(([key, value]) => !NOT_FILTERS.has(key) && value !== '').length;
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="default"
        w="fit-content"
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((open) => !open)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <Box id={id} display={{ base: opened ? 'block' : 'none', sm: 'block' }}>
        {children}
      </Box>
    </>
  );
}

/**
 * A back office list's answer: its loader, its load error (a 400 names what is not valid in the
 * search), its empty state, or its rows and the pager.
 */
export function AdminListResults<Row>({
  query,
  what,
  invalid = 'These filters are not valid',
  empty,
  children,
}: {
  query: UseQueryResult<AdminPage<Row>>;
  /** What the list holds, as its texts name it: "courses", "the audit log". */
  what: string;
  /** The start of a refused search's message. */
  invalid?: string;
  /** Shown instead of the rows when there are none (else the rows show their own). */
  empty?: ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  if (query.isPending) return <PageLoader label={`Loading ${what}`} />;
  if (query.isError) {
    return (
      <LoadErrorAlert
        message={
          isApiError(query.error) && query.error.statusCode === 400
            ? `${invalid}: ${query.error.detail}`
            : `The ${what.replace(/^the /, '')} could not be loaded.`
        }
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (empty !== undefined && query.data.results.length === 0) return empty;
  return (
    <>
      {children(query.data.results)}
      <AdminPager
        page={query.data.page}
        pageSize={query.data.page_size || ADMIN_PAGE_SIZE_DEFAULT}
        count={query.data.count}
        loading={query.isPlaceholderData}
      />
    </>
  );
}
