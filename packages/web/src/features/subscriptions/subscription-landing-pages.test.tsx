import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test-utils/fake-server';
import { enrollment, graphql, PERSONAL_PLAN, setUp } from './subscription-fixtures';

describe('PersonalPlanPage', () => {
  it('shows the monthly and annual options with the trial, leading visitors through login', async () => {
    const { server } = setUp(
      '/personal-plan/',
      { 'POST /api/2022-03/graphql/': graphql({ plans: [PERSONAL_PLAN] }) },
      { signedIn: false },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Plan' })).toBeTruthy();
    expect(screen.getByText('New opportunities await.')).toBeTruthy();
    const annual = await screen.findByTestId('plan-option-personal-annual');
    expect(within(annual).getByText('$120.00 per year')).toBeTruthy();
    expect(within(annual).getByText(/\$10\.00 per month/)).toBeTruthy();
    expect(within(annual).getByText(/Save \$76\.80 a year/)).toBeTruthy();
    expect(within(annual).getByText('7-day free trial')).toBeTruthy();
    const monthly = screen.getByTestId('plan-option-personal-monthly');
    expect(within(monthly).getByText('$16.40 per month')).toBeTruthy();
    const start = within(monthly).getByRole('link', { name: 'Start free trial' });
    expect(start.getAttribute('href')).toBe(
      `/join/login-popup/?next=${encodeURIComponent('/payment/checkout-personal-plan/?option=personal-monthly')}`,
    );
    const graphqlBody = server.requests.find((entry) => entry.path === '/api/2022-03/graphql/');
    expect(graphqlBody?.body).toMatchObject({ variables: { productType: 'CONSUMERSUBSCRIPTION' } });
    expect(graphqlBody?.headers.Accept).toContain('application/graphql-response+json');
    expect(graphqlBody?.headers['X-CSRFToken']).toBe('test-csrf');
  });
});

describe('Personal Plan, already subscribed', () => {
  const running = enrollment({
    productType: 'CONSUMERSUBSCRIPTION',
    priceOptionId: 'personal-monthly',
    subscriber: { type: 'USER', id: '7' },
    licenseCount: 1,
    usedLicenseCount: 1,
  });

  it('says "You\'re subscribed" on the plan page, with the way to manage it, instead of the options', async () => {
    setUp('/personal-plan/', {
      'POST /api/2022-03/graphql/': graphql({ plans: [PERSONAL_PLAN], enrollment: running }),
    });
    const notice = await screen.findByTestId('subscribed');
    expect(within(notice).getByRole('heading', { name: "You're subscribed" })).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Manage your subscription' }).getAttribute('href')).toBe(
      '/user/manage-subscriptions/',
    );
    expect(screen.queryByTestId('plan-option-personal-monthly')).toBeNull();
  });

  it('says so on the checkout too, before any form', async () => {
    const { server } = setUp('/payment/checkout-personal-plan/?option=personal-annual', {
      'POST /api/2022-03/graphql/': graphql({ plans: [PERSONAL_PLAN], enrollment: running }),
    });
    expect(await screen.findByTestId('subscribed')).toBeTruthy();
    expect(screen.queryByTestId('checkout-submit')).toBeNull();
    expect(server.requests.some((entry) => entry.path === '/payment/checkout-info/')).toBe(false);
  });

  it('offers the options again once the plan expired', async () => {
    setUp('/personal-plan/', {
      'POST /api/2022-03/graphql/': graphql({
        plans: [PERSONAL_PLAN],
        enrollment: { ...running, status: 'EXPIRED' },
      }),
    });
    expect(await screen.findByTestId('plan-option-personal-monthly')).toBeTruthy();
    expect(screen.queryByTestId('subscribed')).toBeNull();
  });
});

describe('BusinessSignUpPage', () => {
  it('founds the organization with the referral and goes on to the Team Plan checkout', async () => {
    const { server, router } = setUp('/business/sign-up/?ref=partner-60', {
      'POST /api-2.0/business/sign-up/': json(
        { organization: { id: 3, title: 'Initech' }, next: '/payment/checkout-teamplan/' },
        201,
      ),
      'POST /payment/checkout-info/': json({ detail: 'Not now.', code: 'unavailable' }, 503),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up for Lectern Business' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the Team Plan' }));
    expect(await screen.findByText('Please enter your organization name.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Organization name/), { target: { value: ' Initech ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the Team Plan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/checkout-teamplan/'));
    expect(server.requests.find((entry) => entry.path === '/api-2.0/business/sign-up/')?.body).toEqual({
      organization_name: 'Initech',
      trial_extension: 'partner-60',
    });
  });

  it('says so when the user already belongs to an organization', async () => {
    setUp('/business/sign-up/', {
      'POST /api-2.0/business/sign-up/': json(
        { detail: 'You already belong to an organization.', code: 'already_in_organization' },
        409,
      ),
    });
    fireEvent.change(await screen.findByLabelText(/^Organization name/), { target: { value: 'Initech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the Team Plan' }));
    expect(await screen.findByText('You already belong to an organization.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your subscription' }).getAttribute('href')).toBe(
      '/user/manage-subscriptions/',
    );
  });

  it('sends a visitor to sign up or log in first, keeping the referral', async () => {
    setUp('/business/sign-up/?ref=partner-60', {}, { signedIn: false });
    const next = encodeURIComponent('/business/sign-up/?ref=partner-60');
    expect((await screen.findByRole('link', { name: 'Create your account' })).getAttribute('href')).toBe(
      `/join/signup-popup/?next=${next}`,
    );
    expect(screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe(
      `/join/login-popup/?next=${next}`,
    );
  });
});
