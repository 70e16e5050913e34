import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { IslandPageContext } from '../app/islands/island-page';
import { englishMessages } from '../i18n/load-messages';
import { LoadErrorAlert } from './load-error-alert';

function renderAlert(onRetry: () => void, islandPage: { pathname: string; search: string } | null) {
  return render(
    <IntlProvider locale="en" messages={englishMessages}>
      <MantineProvider env="test">
        <IslandPageContext value={islandPage}>
          <LoadErrorAlert message="The plans could not be loaded." onRetry={onRetry} />
        </IslandPageContext>
      </MantineProvider>
    </IntlProvider>,
  );
}

describe('LoadErrorAlert', () => {
  it('loads the data again with "Try again"', () => {
    const onRetry = vi.fn();
    renderAlert(onRetry, null);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('on a page hydrated as islands, where it has no script, loads the page again', () => {
    renderAlert(vi.fn(), { pathname: '/personal-plan/', search: '?ref=mail' });
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/personal-plan/?ref=mail',
    );
  });
});
