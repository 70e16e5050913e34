import type { ShareableObject, UserContextResponse } from '@lectern/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, userContext, type FakeHandler } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { ShareButton } from './share-button';

const course: ShareableObject = { id: 5, title: 'Course 5', is_private: false };
const SHORT_LINK = 'http://localhost:3000/s/abc123/';

/** A context where sharing is allowed: marketplace brand, external sources on. */
function sharingContext(): UserContextResponse {
  const context = userContext();
  const config = context.Config!;
  return {
    ...context,
    Config: { ...config, third_party: { ...config.third_party, external_sources_enabled: true } },
  };
}

function setUp(share: FakeHandler | FakeHandler[] = json({ url: SHORT_LINK })) {
  const server = fakeServer({ 'POST /api-2.0/share/': share });
  const onShare = vi.fn();
  renderWithProviders(<ShareButton object={course} context="clp" onShare={onShare} />, {
    fetch: server.fetch,
    context: sharingContext(),
  });
  const shareRequests = () => server.requests.filter((request) => request.path === '/api-2.0/share/');
  return { server, onShare, shareRequests };
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  return screen.findByRole('dialog', { name: 'Share “Course 5”' });
}

beforeEach(() => {
  // The page being shared, with a query and fragment that must not reach the server.
  window.history.replaceState(null, '', '/course/course-5/?couponCode=SPRING#reviews');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('ShareButton', () => {
  it('asks for the short link once, showing a loader until it arrives', async () => {
    let answer: (response: Response) => void = () => {};
    const { shareRequests } = setUp(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = await openDialog();
    expect(within(dialog).getByRole('status', { name: 'Creating a link to share' })).toBeTruthy();
    answer(json({ url: SHORT_LINK }));
    expect(await within(dialog).findByRole('textbox', { name: 'Link to share' })).toHaveProperty(
      'value',
      SHORT_LINK,
    );
    expect(shareRequests()).toHaveLength(1);
    expect(shareRequests()[0]?.body).toEqual({
      target: 'http://localhost:3000/course/course-5/',
      context: 'clp',
    });

    // Closing and opening again reuses the link.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openDialog();
    expect(within(again).getByRole('textbox', { name: 'Link to share' })).toHaveProperty('value', SHORT_LINK);
    expect(shareRequests()).toHaveLength(1);
  });

  it('loads the dialog when first opened and gives focus back to "Share" when it closes', async () => {
    setUp();
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    share.focus();
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(share));
  });

  it('opens X and Workplace in centred popups of the spec sizes', async () => {
    const { onShare } = setUp();
    const dialog = await openDialog();
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as Window);

    fireEvent.click(await within(dialog).findByRole('link', { name: 'X (opens in a new window)' }));
    const tweet = new URL(String(open.mock.calls[0]?.[0]));
    expect(tweet.origin + tweet.pathname).toBe('https://x.com/intent/tweet');
    expect(tweet.searchParams.get('url')).toBe(SHORT_LINK);
    expect(tweet.searchParams.get('text')).toBe('Take a look at “Course 5” on Lectern');
    expect(open.mock.calls[0]?.[1]).toBe('share-twitter');
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup,width=550,height=420,left=-?\d+,top=-?\d+$/);

    fireEvent.click(within(dialog).getByRole('link', { name: 'Workplace (opens in a new window)' }));
    expect(open.mock.calls[1]?.[0]).toBe(
      `https://work.facebook.com/sharer.php?display=popup&u=${encodeURIComponent(SHORT_LINK)}`,
    );
    expect(open.mock.calls[1]?.[2]).toMatch(/^popup,width=626,height=436,left=-?\d+,top=-?\d+$/);
    expect(onShare.mock.calls).toEqual([['twitter'], ['fb_workplace']]);
  });

  it('links the other networks in a new tab and mail through a mailto link', async () => {
    setUp();
    const dialog = await openDialog();
    const facebook = await within(dialog).findByRole('link', { name: 'Facebook (opens in a new window)' });
    expect(facebook.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(SHORT_LINK)}`,
    );
    expect(facebook.getAttribute('target')).toBe('_blank');
    expect(facebook.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(dialog).getByRole('link', { name: 'WhatsApp (opens in a new window)' }).getAttribute('href'),
    ).toBe(`https://wa.me/?text=${encodeURIComponent(`Take a look at “Course 5” on Lectern ${SHORT_LINK}`)}`);

    const mail = within(dialog).getByRole('link', { name: 'E-mail' });
    expect(mail.getAttribute('target')).toBeNull();
    const href = mail.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const query = new URLSearchParams(href.slice('mailto:?'.length));
    expect(query.get('subject')).toBe('Take a look at “Course 5” on Lectern');
    expect(query.get('body')).toBe(
      `I thought you might like this course on Lectern: Course 5\n\n${SHORT_LINK}`,
    );
    expect(href).not.toContain('+');
  });

  it('copies the link and confirms it for 3 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { onShare } = setUp();
    const dialog = await openDialog();
    const copy = await within(dialog).findByRole('button', { name: 'Copy link' });
    const status = within(dialog).getByRole('status');
    expect(status.textContent).toBe('');

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(SHORT_LINK);
    expect(status.textContent).toBe('Link copied');
    expect(onShare).toHaveBeenCalledWith('clipboard');

    act(() => vi.advanceTimersByTime(2_999));
    expect(status.textContent).toBe('Link copied');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('asks to copy by hand when the clipboard is refused', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { onShare } = setUp();
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    expect(
      await within(dialog).findByText("We couldn't copy the link. Select it and copy it yourself."),
    ).toBeTruthy();
    expect(onShare).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows a failure with "Try again", which asks again', async () => {
    const { shareRequests } = setUp([
      json({ detail: 'Boom', code: 'internal_error' }, 500),
      json({ url: SHORT_LINK }),
    ]);
    const dialog = await openDialog();
    expect(await within(dialog).findByText("We couldn't create a link to share.")).toBeTruthy();
    expect(shareRequests()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Link to share' })).toHaveProperty(
      'value',
      SHORT_LINK,
    );
    expect(shareRequests()).toHaveLength(2);
    expect(within(dialog).queryByText("We couldn't create a link to share.")).toBeNull();
  });
});
