import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { lazyPage } from './lazy-page';
import { moduleStatus } from './module-status';

describe('lazyPage', () => {
  it('marks the module loading, then loaded, and renders the page', async () => {
    const { fetch } = fakeServer({});
    let finish: (page: () => React.ReactNode) => void = () => {};
    const Page = lazyPage('test.ok', () => new Promise((resolve) => (finish = resolve)));
    renderWithProviders(<Page />, { fetch });
    await vi.waitFor(() => expect(moduleStatus('test.ok')).toBe('loading'));
    finish(() => <p>Loaded page</p>);
    expect(await screen.findByText('Loaded page')).toBeTruthy();
    expect(moduleStatus('test.ok')).toBe('loaded');
  });

  it('shows the reload banner and reports the error when the import fails', async () => {
    const { fetch } = fakeServer({});
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const report = vi.fn();
    const Page = lazyPage('test.broken', () => Promise.reject(failure), { report });
    renderWithProviders(<Page />, { fetch });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'There was a problem fetching content from our server. Please reload this page to fix this problem.',
    );
    expect(alert.textContent).toContain('This error may be the result of a bad network connection.');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(report).toHaveBeenCalledWith(failure, { module: 'test.broken' });
    expect(moduleStatus('test.broken')).toBe('failed');
  });
});
