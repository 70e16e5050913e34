import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anonymousMe, authenticatedMe, json, userContext } from '../../test-utils/fake-server';
import {
  completeButton,
  fillCard,
  info,
  installSdk,
  receipt,
  removeSdk,
  result,
  sdk,
  setUp,
} from './checkout-page-fixtures';

beforeEach(installSdk);
afterEach(removeSdk);

/** A visitor's context, in the guest-checkout arm of the dac_on_checkout experiment or not. */
const visitorContext = (inGuestArm: boolean) =>
  json({
    ...userContext(anonymousMe),
    experiment: {
      assignments: [
        {
          featureCode: 'dac_on_checkout',
          configuration: { isEnabled: inGuestArm, variant: inGuestArm ? 'guest_checkout' : 'control' },
          isInExperiment: true,
          experimentIds: [2],
        },
      ],
    },
  });

const SLOW = { timeout: 10_000 };

describe('guest checkout (team-plan §6)', () => {
  it('a visitor outside the experiment is asked to log in', async () => {
    const { server } = setUp({ 'GET /api-2.0/contexts/me/': visitorContext(false) });
    expect(await screen.findByRole('link', { name: 'Log in to continue' }, SLOW)).toBeTruthy();
    expect(server.requests.some((entry) => entry.path.includes('checkout-info'))).toBe(false);
  });

  it('asks a guest for an e-mail, then pays through the guest calls with it', async () => {
    let signedIn = false;
    const { server } = setUp({
      // A new address, paid at once: the guest submit signs the device in to the account it made.
      'GET /api-2.0/contexts/me/': () =>
        signedIn ? json(userContext(authenticatedMe({ email: 'jane@example.com' }))) : visitorContext(true),
      'POST /payment/dac-checkout-info/': json(info()),
      'POST /payment/dac-checkout-submit/': () => {
        signedIn = true;
        return json(result('succeeded'));
      },
      'GET /payment/checkout-result/': json(receipt),
    });
    const email = await screen.findByLabelText(/^Email/, {}, SLOW);
    // The header has its own "Log in": the one above the checkout leads back here after it.
    const logIns = screen.getAllByRole('link', { name: 'Log in' }).map((link) => link.getAttribute('href'));
    expect(logIns).toContain('/join/login-popup/?next=%2Fpayment%2Fcheckout%2F');
    // No card is remembered for an account that does not exist yet.
    expect(screen.queryByLabelText(/Remember this card/i)).toBeNull();
    fillCard();
    fireEvent.click(completeButton());
    // Under the field, and as the checkout's message.
    expect(await screen.findAllByText('Enter your email address.')).toHaveLength(2);
    expect(server.requests.some((entry) => entry.path === '/payment/dac-checkout-submit/')).toBe(false);

    fireEvent.change(email, { target: { value: 'jane@example.com' } });
    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed', {}, SLOW)).toBeTruthy();
    const submit = server.requests.find((entry) => entry.path === '/payment/dac-checkout-submit/');
    expect(submit?.body).toMatchObject({ email: 'jane@example.com', checkout_event: 'Submit' });
    expect(server.requests.some((entry) => entry.path === '/payment/checkout-info/')).toBe(false);
  }, 30_000);

  it('an address that has a guest account: 3-D Secure and the receipt by the attempt pass, the courses wait in the account', async () => {
    sdk.handleCardAction.mockResolvedValue({
      paymentIntent: { id: 'pi_1', status: 'requires_confirmation' },
    });
    const { server } = setUp({
      // The device is never signed in to an account that existed before its submit.
      'GET /api-2.0/contexts/me/': visitorContext(true),
      'POST /payment/dac-checkout-info/': json(info()),
      'POST /payment/dac-checkout-submit/': json(
        result('action_required', { client_secret: 'pi_1_secret_x', action_data: { type: 'use_sdk' } }),
      ),
      'PATCH /payment/dac-checkout-submit/att-1/': json(result('succeeded')),
      'GET /payment/dac-checkout-result/': json(receipt),
    });
    fireEvent.change(await screen.findByLabelText(/^Email/, {}, SLOW), {
      target: { value: 'jane@example.com' },
    });
    fillCard();
    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed', {}, SLOW)).toBeTruthy();
    expect(sdk.handleCardAction).toHaveBeenCalledWith('pi_1_secret_x');
    expect(screen.getByTestId('guest-courses-waiting').textContent).toContain(
      'Open the link we e-mailed you to set a password',
    );
    expect(screen.queryByRole('link', { name: 'Go to My courses' })).toBeNull();
    // Only the guest variants: the ordinary ones need a session this device does not have.
    const paths = server.requests.map((entry) => `${entry.method} ${entry.path}`);
    expect(paths).toContain('PATCH /payment/dac-checkout-submit/att-1/');
    expect(paths.some((path) => /\/payment\/checkout-(submit|result)\//.test(path))).toBe(false);
  }, 30_000);

  it('shows the server’s e-mail message under the field', async () => {
    const message = 'An account already uses this e-mail. Log in to buy with it.';
    setUp({
      'GET /api-2.0/contexts/me/': visitorContext(true),
      'POST /payment/dac-checkout-info/': json(info()),
      'POST /payment/dac-checkout-submit/': json(
        { detail: message, code: 'validation_error', field_errors: { email: [message] } },
        400,
      ),
    });
    fireEvent.change(await screen.findByLabelText(/^Email/, {}, SLOW), {
      target: { value: 'learner@example.com' },
    });
    fillCard();
    fireEvent.click(completeButton());
    expect((await screen.findAllByText(message, {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  }, 30_000);
});
