import { REFUND_REFUSAL_MESSAGES } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type FakeHandler } from '../../test-utils/fake-server';
import {
  historyPage,
  historyServer,
  HISTORY,
  quote,
  refund,
  REFUND_QUOTE,
  REFUND_REQUEST,
  requestsTo,
  setUp,
} from './purchase-history-fixtures';

const PAGE = '/request-refund/501/';

const medium = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));

function open(routes: Record<string, FakeHandler | FakeHandler[]>, path = PAGE) {
  return setUp(path, { [REFUND_QUOTE]: json(quote()), ...routes });
}

const reasonSelect = () =>
  screen.getByRole('combobox', { name: /Why do you want a refund\?/ }) as HTMLSelectElement;
const commentBox = () =>
  screen.getByRole('textbox', { name: /Anything else you'd like to tell us\?/ }) as HTMLTextAreaElement;
const submitButton = () => screen.getByRole('button', { name: 'Request refund' }) as HTMLButtonElement;

describe('RequestRefundPage', () => {
  it('shows the purchase, the deadline and where the money goes', async () => {
    open({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a refund' })).toBeTruthy();
    const purchase = await screen.findByTestId('refund-purchase');
    expect(
      within(purchase).getByRole('link', { name: 'TypeScript from first principles' }).getAttribute('href'),
    ).toBe('/course/typescript/');
    expect(within(purchase).getByTestId('refund-purchase-date').textContent).toBe(
      medium('2026-03-05T10:00:00.000Z'),
    );
    expect(within(purchase).getByTestId('refund-price').textContent).toBe('$19.99');
    expect(within(purchase).getByTestId('refund-deadline').textContent).toBe(
      `You can ask for a refund until ${medium('2026-04-04T23:59:59.999Z', 'UTC')}`,
    );
    const destinations = screen.getByTestId('refund-destinations');
    expect(
      within(destinations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['$15.00 back to Visa ****4242', '$4.99 back to Account credit']);
    expect(Array.from(reasonSelect().options).map((option) => option.textContent)).toEqual([
      'Choose a reason',
      'The course is not as described',
      "I'm not satisfied with the course",
      'I bought it by mistake',
      'I bought it twice',
      'Technical problems',
      'Other',
    ]);
  });

  it('needs a reason before anything is sent', async () => {
    const { server } = open({});
    fireEvent.click(await screen.findByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText('Choose a reason for the refund.')).toBeTruthy();
    expect(reasonSelect().getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo(server.requests, REFUND_REQUEST)).toHaveLength(0);
  });

  it('counts the comment against its 1,000 characters', async () => {
    open({});
    await screen.findByTestId('refund-purchase');
    expect(screen.getByText('0/1,000 characters')).toBeTruthy();
    expect(commentBox().maxLength).toBe(1000);
    fireEvent.change(commentBox(), { target: { value: 'Too basic' } });
    expect(await screen.findByText('9/1,000 characters')).toBeTruthy();
  });

  it('sends the reason and comment, then shows the Refunds tab with the owned courses and history stale', async () => {
    const { server, router, queryClient } = open({
      [REFUND_REQUEST]: json({ id: 31, status: 'pending' }, 201),
      [HISTORY]: historyServer({ refunds: json(historyPage('refunds', [refund({ status: 'pending' })])) }),
    });
    queryClient.setQueryData(['subscribed-courses', 1], { count: 1, next: null, results: [] });
    await screen.findByTestId('refund-purchase');
    fireEvent.change(reasonSelect(), { target: { value: 'not_satisfied' } });
    fireEvent.change(commentBox(), { target: { value: '  Too basic  ' } });
    fireEvent.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/purchase-history/'));
    expect(router.state.location.search).toBe('?tab=refunds');
    const [request] = requestsTo(server.requests, REFUND_REQUEST);
    expect(request!.body).toEqual({ reason: 'not_satisfied', comment: 'Too basic' });
    expect(request!.headers['X-CSRFToken']).toBe('test-csrf');
    expect(queryClient.getQueryState(['subscribed-courses', 1])?.isInvalidated).toBe(true);
    expect(await screen.findByRole('table', { name: 'Your refunds' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Refunds' }).getAttribute('aria-selected')).toBe('true');
  });

  it('leaves an empty comment out', async () => {
    const { server } = open({ [REFUND_REQUEST]: json({ id: 31 }, 201) });
    await screen.findByTestId('refund-purchase');
    fireEvent.change(reasonSelect(), { target: { value: 'duplicate_purchase' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(requestsTo(server.requests, REFUND_REQUEST)).toHaveLength(1));
    expect(requestsTo(server.requests, REFUND_REQUEST)[0]!.body).toEqual({ reason: 'duplicate_purchase' });
  });

  it("shows the server's refusal (409) above the form, keeps what was typed and stays", async () => {
    const detail = REFUND_REFUSAL_MESSAGES.already_refunded;
    const { router } = open({
      [REFUND_REQUEST]: json({ detail, code: 'refund_refused' }, 409),
    });
    await screen.findByTestId('refund-purchase');
    fireEvent.change(reasonSelect(), { target: { value: 'other' } });
    fireEvent.change(commentBox(), { target: { value: 'Please' } });
    fireEvent.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(detail);
    expect(reasonSelect().value).toBe('other');
    expect(commentBox().value).toBe('Please');
    expect(submitButton().disabled).toBe(false);
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it("puts the server's field errors under their fields", async () => {
    open({
      [REFUND_REQUEST]: json(
        {
          detail: 'Invalid input.',
          code: 'validation_error',
          field_errors: { comment: ['The comment is at most 1,000 characters.'] },
        },
        400,
      ),
    });
    await screen.findByTestId('refund-purchase');
    fireEvent.change(reasonSelect(), { target: { value: 'other' } });
    fireEvent.change(commentBox(), { target: { value: 'Long' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('The comment is at most 1,000 characters.')).toBeTruthy();
    expect(commentBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('sends once: the button is disabled while the request is on its way', async () => {
    let answer = (_response: Response) => {};
    const { server } = open({
      [REFUND_REQUEST]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByTestId('refund-purchase');
    fireEvent.change(reasonSelect(), { target: { value: 'other' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    fireEvent.click(submitButton());
    fireEvent.submit(submitButton().closest('form')!);
    expect(requestsTo(server.requests, REFUND_REQUEST)).toHaveLength(1);
    answer(json({ detail: 'No.', code: 'refund_refused' }, 409));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(requestsTo(server.requests, REFUND_REQUEST)).toHaveLength(1);
  });

  it('explains a refusal instead of the form, with the way back', async () => {
    open({
      [REFUND_QUOTE]: json(quote({ refund_refusal: 'refund_window_closed', refund_to: [] })),
    });
    const refusal = await screen.findByTestId('refund-refusal');
    expect(refusal.textContent).toBe(REFUND_REFUSAL_MESSAGES.refund_window_closed);
    expect(screen.queryByRole('button', { name: 'Request refund' })).toBeNull();
    // The reason select is gone (the header's search box is a combobox too).
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();
    expect(screen.queryByTestId('refund-deadline')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to purchase history' }).getAttribute('href')).toBe(
      '/dashboard/purchase-history/',
    );
  });

  it('says that refunding a gift voids its link, before anything is asked', async () => {
    open({
      [REFUND_QUOTE]: json(
        quote({
          gift: {
            recipient_email: 'ana@example.com',
            recipient_name: 'Ana',
            deliver_at: '2026-03-05T10:00:00.000Z',
            status: 'delivered',
          },
        }),
      ),
    });
    expect((await screen.findByTestId('refund-gift-recipient')).textContent).toBe('Ana (ana@example.com)');
    expect(screen.getByTestId('refund-gift-voids').textContent).toBe(
      'This course was a gift for Ana. If you ask for a refund, the gift link stops working and they can no longer add the course to their account.',
    );
    expect(submitButton()).toBeTruthy();
  });

  it('explains that a redeemed gift cannot be refunded, like the other refusals', async () => {
    open({
      [REFUND_QUOTE]: json(
        quote({
          refund_refusal: 'gift_redeemed',
          refund_to: [],
          gift: {
            recipient_email: 'ana@example.com',
            recipient_name: null,
            deliver_at: '2026-03-05T10:00:00.000Z',
            status: 'redeemed',
          },
        }),
      ),
    });
    expect((await screen.findByTestId('refund-refusal')).textContent).toBe(
      REFUND_REFUSAL_MESSAGES.gift_redeemed,
    );
    expect(screen.getByTestId('refund-gift-recipient').textContent).toBe('ana@example.com');
    expect(screen.queryByTestId('refund-gift-voids')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request refund' })).toBeNull();
  });

  it("says when the purchase doesn't exist (404, or an id that is not one)", async () => {
    open({ [REFUND_QUOTE]: json({ detail: 'Not found.', code: 'not_found' }, 404) });
    expect(await screen.findByText("We couldn't find this purchase.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to purchase history' })).toBeTruthy();
  });

  it('treats an id that is not a number as a purchase not found, without asking', async () => {
    const { server } = open({}, '/request-refund/abc/');
    expect(await screen.findByText("We couldn't find this purchase.")).toBeTruthy();
    expect(server.requests.some((request) => request.path.includes('/purchases/'))).toBe(false);
  });

  it('asks a visitor to log in', async () => {
    const { server } = setUp(PAGE, {}, { me: null });
    const login = await screen.findByRole('link', { name: 'Log in to see this page' });
    expect(login.getAttribute('href')).toBe('/join/login-popup/?next=%2Frequest-refund%2F501%2F');
    expect(server.requests.some((request) => request.path.includes('/purchases/'))).toBe(false);
  });
});
