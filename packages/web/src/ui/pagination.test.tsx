import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../i18n/load-messages';
import { currentPage, pageButtons, pageHref, Pagination } from './pagination';

describe('pageButtons', () => {
  it('shows every page when they fit in 5 buttons', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last page around a window on the current one', () => {
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(pageButtons(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageButtons(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(pageButtons(3, 6)).toEqual([1, 2, 3, 4, 'ellipsis-end', 6]);
  });
});

describe('pageHref and currentPage', () => {
  it('uses p, leaves it out for page 1 and keeps the other parameters', () => {
    expect(pageHref('/courses/design/', '?sort=new', 2)).toBe('/courses/design/?sort=new&p=2');
    expect(pageHref('/courses/design/', '?sort=new&p=3', 1)).toBe('/courses/design/?sort=new');
    expect(pageHref('/x/', '', 1)).toBe('/x/');
    expect(currentPage('?p=4')).toBe(4);
    expect(currentPage('?p=0')).toBe(1);
    expect(currentPage('?p=abc')).toBe(1);
    expect(currentPage('')).toBe(1);
  });
});

function renderAt(path: string, props: Parameters<typeof Pagination>[0]) {
  return render(
    <IntlProvider locale="en" messages={englishMessages}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[path]}>
          <Pagination {...props} />
        </MemoryRouter>
      </MantineProvider>
    </IntlProvider>,
  );
}

describe('Pagination', () => {
  it('renders labelled links that keep the query', () => {
    renderAt('/courses/design/?q=x&p=5', { page: 5, pageCount: 10, loading: true });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'previous page' }).getAttribute('href')).toBe(
      '/courses/design/?q=x&p=4',
    );
    expect(within(nav).getByRole('link', { name: 'next page' }).getAttribute('href')).toBe(
      '/courses/design/?q=x&p=6',
    );
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      '/courses/design/?q=x',
    );
    expect(within(nav).getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getAllByText('Ellipsis')).toHaveLength(2);
    expect(within(nav).getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('disables previous on the first page and hides itself with one page', () => {
    const { unmount } = renderAt('/x/', { page: 1, pageCount: 3 });
    expect(screen.getByRole('button', { name: 'previous page' })).toHaveProperty('disabled', true);
    unmount();
    renderAt('/x/', { page: 1, pageCount: 1 });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
