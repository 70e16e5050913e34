import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, type RecordedRequest } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { HeaderSearch } from './header-search';

const SUGGESTIONS = [
  { id: 1, title: 'Python for Data Analysis', url: '/course/python-for-data-analysis/' },
  { id: 2, title: 'Python Bootcamp', url: '/course/python-bootcamp/' },
];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderBox(path = '/') {
  const { fetch, requests } = fakeServer({
    'GET /api-2.0/search-autocomplete/': (request: RecordedRequest) =>
      json({ results: new URL(request.url, 'http://x').searchParams.get('q') === 'pyth' ? SUGGESTIONS : [] }),
  });
  renderWithProviders(
    <>
      <HeaderSearch />
      <LocationProbe />
    </>,
    { fetch, path },
  );
  const box = screen.getByRole('combobox', { name: 'Search for courses' });
  const suggestionRequests = () =>
    requests.filter((request) => request.path === '/api-2.0/search-autocomplete/');
  return { box, suggestionRequests };
}

const location = () => screen.getByTestId('location').textContent;

describe('HeaderSearch', () => {
  it('is a plain GET form to the search page, so it works before the JavaScript loads', () => {
    const { box } = renderBox();
    const form = screen.getByRole('search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/courses/search/');
    expect(box.getAttribute('name')).toBe('q');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  });

  it('suggests titles once typing pauses, and moves through them with the arrow keys', async () => {
    const { box, suggestionRequests } = renderBox();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'p' } });
    fireEvent.change(box, { target: { value: 'py' } });
    fireEvent.change(box, { target: { value: 'pyth' } });
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    // Only the last text, once it paused: not one request per letter.
    expect(suggestionRequests().map((request) => request.url)).toEqual([
      '/api-2.0/search-autocomplete/?q=pyth',
    ]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getByRole('status').textContent).toMatch(/^2 suggestions\./);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const [first, second] = screen.getAllByRole('option');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first!.id);
    expect(box).toHaveProperty('value', 'Python for Data Analysis');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(second!.getAttribute('aria-selected')).toBe('true');
    // Past the last one the box shows what was typed again; up from there goes to the last.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(box).toHaveProperty('value', 'pyth');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(second!.id);

    // Enter searches for what the box shows.
    fireEvent.submit(screen.getByRole('search'));
    expect(location()).toBe('/courses/search/?q=Python+Bootcamp');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list with Escape, keeping what was typed', async () => {
    const { box } = renderBox();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'pyth' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box).toHaveProperty('value', 'pyth');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('searches for what was typed, even with no suggestion for it', () => {
    const { box } = renderBox();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'quokka care' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(location()).toBe('/courses/search/?q=quokka+care');
  });

  it('searches for a suggestion clicked', async () => {
    const { box } = renderBox();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'pyth' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Python for Data Analysis' }));
    expect(location()).toBe('/courses/search/?q=Python+for+Data+Analysis');
  });

  it('asks nothing for a single letter, and shows the query of the search page it is on', async () => {
    const { box, suggestionRequests } = renderBox('/courses/search/?q=react%20hooks&level=EXPERT');
    expect(box).toHaveProperty('value', 'react hooks');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'r' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(suggestionRequests().map((request) => request.url)).not.toContain(
      '/api-2.0/search-autocomplete/?q=r',
    );
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
