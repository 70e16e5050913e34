import { CHECKOUT_MESSAGES, money } from '@lectern/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import {
  bnplAddressFieldError,
  bnplAddressFieldErrors,
  EMPTY_BNPL_ADDRESS,
  NO_BNPL_TOUCHED,
} from './bnpl-address-fields';
import { BnplAddressForm, type BnplAddressFormProps } from './bnpl-address-form';

const NO_ERRORS = { line1: null, city: null, state: null, zip: null };
const ALL_TOUCHED = { line1: true, city: true, state: true, zip: true };

describe('address-based BNPL fields (checkout §5)', () => {
  it("gives each field its own message, the domain's help texts", () => {
    const errors = bnplAddressFieldErrors(
      { line1: '1 A', city: 'X', state: 'Cal', zip: '123' },
      ALL_TOUCHED,
      'CA',
    );
    expect(errors).toEqual({
      line1: CHECKOUT_MESSAGES.checkAddress,
      city: CHECKOUT_MESSAGES.checkCity,
      state: CHECKOUT_MESSAGES.checkBnplState,
      zip: CHECKOUT_MESSAGES.checkZipCode,
    });
  });

  it('shows nothing for a field not yet left', () => {
    expect(bnplAddressFieldErrors(EMPTY_BNPL_ADDRESS, NO_BNPL_TOUCHED, 'CA')).toEqual(NO_ERRORS);
    expect(bnplAddressFieldErrors(EMPTY_BNPL_ADDRESS, { ...NO_BNPL_TOUCHED, city: true }, 'CA')).toEqual({
      ...NO_ERRORS,
      city: CHECKOUT_MESSAGES.checkCity,
    });
  });

  it('checks the ZIP only outside the US', () => {
    expect(bnplAddressFieldError('zip', EMPTY_BNPL_ADDRESS, 'US')).toBeNull();
    expect(bnplAddressFieldError('zip', EMPTY_BNPL_ADDRESS, 'GB')).toBe(CHECKOUT_MESSAGES.checkZipCode);
    expect(bnplAddressFieldError('zip', { ...EMPTY_BNPL_ADDRESS, zip: '94103' }, 'GB')).toBeNull();
  });

  it('accepts a valid address', () => {
    const address = { line1: '500 Main St', city: "Coeur d'Alene", state: 'id', zip: '83814' };
    expect(bnplAddressFieldErrors(address, ALL_TOUCHED, 'CA')).toEqual(NO_ERRORS);
  });
});

function renderForm(props: Partial<BnplAddressFormProps> = {}) {
  const handlers = { onChange: vi.fn(), onBlur: vi.fn() };
  renderWithProviders(
    <BnplAddressForm
      input={EMPTY_BNPL_ADDRESS}
      errors={NO_ERRORS}
      billingCountry="CA"
      total={null}
      numPayments={4}
      offer={null}
      disabled={false}
      {...handlers}
      {...props}
    />,
    { fetch: fakeServer({}).fetch },
  );
  return handlers;
}

describe('BnplAddressForm', () => {
  it('has labelled fields with the checkout §9 limits, and reports changes and blur', () => {
    const { onChange, onBlur } = renderForm();
    const limits = { 'Address line': '50', City: '25', State: '2', 'ZIP code': '5' };
    for (const [label, max] of Object.entries(limits)) {
      expect(screen.getByLabelText(label).getAttribute('maxlength')).toBe(max);
    }
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Toronto' } });
    expect(onChange).toHaveBeenCalledWith('city', 'Toronto');
    fireEvent.blur(screen.getByLabelText('State'));
    expect(onBlur).toHaveBeenCalledWith('state');
  });

  it('has no ZIP field when the billing country is the US', () => {
    renderForm({ billingCountry: 'US' });
    expect(screen.queryByLabelText('ZIP code')).toBeNull();
    expect(screen.getByLabelText('State')).toBeTruthy();
  });

  it('marks an invalid field and ties its message to it', () => {
    renderForm({ errors: { ...NO_ERRORS, city: CHECKOUT_MESSAGES.checkCity } });
    const city = screen.getByLabelText('City');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    const described = city.getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(described.split(' ').find((id) => id.includes('error')) ?? '')?.textContent,
    ).toBe(CHECKOUT_MESSAGES.checkCity);
  });

  it('shows 4 payments every 2 weeks of the order total, the remainder first', () => {
    renderForm({ total: money(3917, 'USD'), offer: 'Pay in 4 interest-free payments' });
    expect(screen.getByText('Pay in 4 interest-free payments')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '4 payments, every 2 weeks' })).toBeTruthy();
    const rows = within(screen.getByTestId('bnpl-timeline')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Today$9.80',
      'In 2 weeks$9.79',
      'In 4 weeks$9.79',
      'In 6 weeks$9.79',
    ]);
  });

  it('shows no timeline without a total', () => {
    renderForm({ total: null });
    expect(screen.queryByTestId('bnpl-timeline')).toBeNull();
  });
});
