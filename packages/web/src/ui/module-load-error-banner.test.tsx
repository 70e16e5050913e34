import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test-utils/fake-server';
import { renderWithProviders } from '../test-utils/render';
import { ModuleLoadErrorBanner } from './module-load-error-banner';

describe('ModuleLoadErrorBanner (platform §8)', () => {
  it('shows the title, the body and a reload action', () => {
    const onReload = vi.fn();
    renderWithProviders(<ModuleLoadErrorBanner onReload={onReload} />, { fetch: fakeServer({}).fetch });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'There was a problem fetching content from our server. Please reload this page to fix this problem.',
    );
    expect(alert.textContent).toContain('This error may be the result of a bad network connection.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
