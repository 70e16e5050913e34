import { INVALID_CREDENTIALS_MESSAGE } from '@lectern/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { LoginForm } from './login-form';

function renderLogin(loginAnswer: FakeHandler, onSuccess = vi.fn()) {
  const server = fakeServer({ 'POST /api-2.0/auth/login/': loginAnswer });
  renderWithProviders(<LoginForm onSuccess={onSuccess} />, { fetch: server.fetch, context: userContext() });
  return { ...server, onSuccess };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('checks the fields before sending anything', async () => {
    const { requests } = renderLogin(json({}));
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('sends the credentials with the CSRF token and calls onSuccess', async () => {
    const { requests, onSuccess } = renderLogin(json({ me: authenticatedMe() }));
    fillAndSubmit(' Ada@Example.com ', 'correct horse');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(requests[0]?.headers['X-CSRFToken']).toBe('test-csrf');
  });

  it('shows the server detail inline for invalid credentials', async () => {
    const { onSuccess } = renderLogin(
      json({ detail: INVALID_CREDENTIALS_MESSAGE, code: 'invalid_credentials' }, 400),
    );
    fillAndSubmit('ada@example.com', 'wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the detail of a rate-limited attempt', async () => {
    renderLogin(json({ detail: 'Too many attempts. Try again in a minute.', code: 'rate_limited' }, 429));
    fillAndSubmit('ada@example.com', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in a minute.');
  });

  it('puts field errors under their fields', async () => {
    renderLogin(
      json(
        {
          detail: 'Check the form.',
          code: 'validation_error',
          field_errors: { email: ['This email is blocked.'] },
        },
        400,
      ),
    );
    fillAndSubmit('ada@example.com', 'whatever1');
    expect(await screen.findByText('This email is blocked.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the generic message when the server cannot be reached', async () => {
    renderLogin(() => Promise.reject(new TypeError('Failed to fetch')));
    fillAndSubmit('ada@example.com', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error occurred');
  });

  it('shows a loading state while submitting', async () => {
    let answer: (response: Response) => void = () => {};
    renderLogin(() => new Promise<Response>((resolve) => (answer = resolve)));
    fillAndSubmit('ada@example.com', 'whatever1');
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    answer(json({ me: authenticatedMe() }));
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
  });
});
