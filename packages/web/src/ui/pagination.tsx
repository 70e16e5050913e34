import { Button, Group, Loader, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { pageHref } from './page-param';

export { currentPage, PAGE_PARAM, pageHref } from './page-param';

/** Platform §9: 5 page buttons by default. */
export const DEFAULT_PAGE_BUTTONS = 5;

export type PageButton = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Which buttons to show: every page when they fit, else the first and last page around a
 * window centred on the current page, with an ellipsis for each gap.
 */
export function pageButtons(
  current: number,
  pageCount: number,
  maxButtons = DEFAULT_PAGE_BUTTONS,
): PageButton[] {
  if (pageCount <= maxButtons) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const inner = Math.max(1, maxButtons - 2);
  const start = Math.min(Math.max(current - Math.floor((inner - 1) / 2), 2), pageCount - inner);
  const end = start + inner - 1;
  return [
    1,
    ...(start > 2 ? (['ellipsis-start'] as const) : []),
    ...Array.from({ length: end - start + 1 }, (_, index) => start + index),
    ...(end < pageCount - 1 ? (['ellipsis-end'] as const) : []),
    pageCount,
  ];
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** Shows the loading indicator (the next page is on its way). */
  loading?: boolean;
  maxButtons?: number;
}

/**
 * The pagination control of platform §2: links that change `p` in the current URL,
 * previous and next, and an ellipsis for skipped pages. Hidden with a single page.
 */
export function Pagination({
  page,
  pageCount,
  loading = false,
  maxButtons = DEFAULT_PAGE_BUTTONS,
}: PaginationProps) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => pageHref(pathname, search, target);

  const step = (target: number, label: string, symbol: string, enabled: boolean) =>
    enabled ? (
      <Button component={Link} to={href(target)} variant="default" size="sm" aria-label={label}>
        <span aria-hidden="true">{symbol}</span>
      </Button>
    ) : (
      <Button variant="default" size="sm" aria-label={label} disabled>
        <span aria-hidden="true">{symbol}</span>
      </Button>
    );

  return (
    <nav aria-label={intl.formatMessage({ id: 'pagination.label' })}>
      <Group gap={6} justify="center" wrap="wrap">
        {step(page - 1, intl.formatMessage({ id: 'pagination.previous' }), '‹', page > 1)}
        {pageButtons(page, pageCount, maxButtons).map((button) =>
          typeof button === 'number' ? (
            <Button
              key={button}
              component={Link}
              to={href(button)}
              size="sm"
              variant={button === page ? 'filled' : 'default'}
              aria-current={button === page ? 'page' : undefined}
              aria-label={intl.formatMessage({ id: 'pagination.page' }, { n: button })}
            >
              {intl.formatNumber(button)}
            </Button>
          ) : (
            <span key={button}>
              <span aria-hidden="true">…</span>
              <VisuallyHidden>{intl.formatMessage({ id: 'pagination.ellipsis' })}</VisuallyHidden>
            </span>
          ),
        )}
        {step(page + 1, intl.formatMessage({ id: 'pagination.next' }), '›', page < pageCount)}
        {loading && (
          <span role="status" aria-label={intl.formatMessage({ id: 'pagination.loading' })}>
            <Loader size="xs" aria-hidden="true" />
          </span>
        )}
      </Group>
    </nav>
  );
}
