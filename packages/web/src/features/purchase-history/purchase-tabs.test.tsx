import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { historyPage, order } from './purchase-history-fixtures';
import { PROCESSING_REFETCH_MS, processingRefetchInterval } from './purchase-history-api';
import { PurchaseTableError } from './purchase-table-panel';
import { currentTab, purchaseTableState, tabHref, visibleTabs } from './purchase-tabs';

describe('purchase-history tabs', () => {
  it('shows the organization tab to organization admins only', () => {
    expect(visibleTabs(false)).toEqual(['courses', 'refunds', 'subscriptions']);
    expect(visibleTabs(true)).toEqual(['courses', 'refunds', 'subscriptions', 'organization_subscriptions']);
  });

  it('reads the tab from ?tab=, falling back to Courses for an unknown or hidden one', () => {
    expect(currentTab('?tab=refunds', visibleTabs(false))).toBe('refunds');
    expect(currentTab('', visibleTabs(false))).toBe('courses');
    expect(currentTab('?tab=nope', visibleTabs(false))).toBe('courses');
    expect(currentTab('?tab=organization_subscriptions', visibleTabs(false))).toBe('courses');
    expect(currentTab('?tab=organization_subscriptions', visibleTabs(true))).toBe(
      'organization_subscriptions',
    );
  });

  it('links to a tab on its first page, leaving Courses (the default) out of the URL', () => {
    const path = '/dashboard/purchase-history/';
    expect(tabHref(path, '?p=3', 'refunds')).toBe(`${path}?tab=refunds`);
    expect(tabHref(path, '?tab=refunds&p=2&x=1', 'courses')).toBe(`${path}?x=1`);
    expect(tabHref(path, '', 'courses')).toBe(path);
  });
});

describe('purchase table states (team-plan §4)', () => {
  it('is loading, error, empty, done or processing', () => {
    expect(purchaseTableState({ isError: false, data: undefined })).toBe('loading');
    expect(purchaseTableState({ isError: true, data: undefined })).toBe('error');
    expect(purchaseTableState({ isError: false, data: historyPage('courses', []) })).toBe('empty');
    expect(purchaseTableState({ isError: false, data: historyPage('courses', [order()]) })).toBe('done');
    expect(
      purchaseTableState({
        isError: false,
        data: historyPage('courses', [order()], { status: 'processing' }),
      }),
    ).toBe('processing');
    // A failed refresh keeps the rows on screen.
    expect(purchaseTableState({ isError: true, data: historyPage('courses', [order()]) })).toBe('done');
  });

  it('asks again every few seconds only while processing', () => {
    expect(processingRefetchInterval(historyPage('courses', [order()], { status: 'processing' }))).toBe(
      PROCESSING_REFETCH_MS,
    );
    expect(processingRefetchInterval(historyPage('courses', [order()]))).toBe(false);
    expect(processingRefetchInterval(undefined)).toBe(false);
  });
});

describe('PurchaseTableError (team-plan §8)', () => {
  it('reloads the page from its button', () => {
    const onReload = vi.fn();
    renderWithProviders(<PurchaseTableError onReload={onReload} />, { fetch: fakeServer({}).fetch });
    expect(screen.getByRole('alert').textContent).toContain('There was a problem while loading this list.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
