import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { EMPTY_CARD } from './card-fields';
import { CardForm, type CardFormProps } from './card-form';

const NO_ERRORS = { name: null, number: null, expiry: null, cvc: null };

function renderForm(props: Partial<CardFormProps> = {}) {
  const handlers = { onChange: vi.fn(), onBlur: vi.fn(), onRememberMeChange: vi.fn() };
  renderWithProviders(
    <CardForm
      input={EMPTY_CARD}
      errors={NO_ERRORS}
      brands={['visa', 'mc']}
      rememberMe={true}
      disabled={false}
      {...handlers}
      {...props}
    />,
    { fetch: fakeServer({}).fetch },
  );
  return handlers;
}

describe('CardForm', () => {
  it('has the four labelled fields, formats what is typed and reports blur', () => {
    const { onChange, onBlur } = renderForm();
    for (const label of ['Name on card', 'Card number', 'Expiry date', 'CVC']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    expect(onChange).toHaveBeenCalledWith('number', '4242 4242 4242 4242');
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1230' } });
    expect(onChange).toHaveBeenCalledWith('expiry', '12 / 30');
    fireEvent.blur(screen.getByLabelText('CVC'));
    expect(onBlur).toHaveBeenCalledWith('cvc');
  });

  it('marks a field invalid and shows its message', () => {
    renderForm({ errors: { ...NO_ERRORS, number: 'Please enter a valid card number' } });
    const number = screen.getByLabelText('Card number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid card number')).toBeTruthy();
  });

  it('toggles the remember-me checkbox', () => {
    const { onRememberMeChange } = renderForm();
    fireEvent.click(screen.getByLabelText('Securely save this card for my later purchases'));
    expect(onRememberMeChange).toHaveBeenCalledWith(false);
  });

  it('hides the checkbox when storing is off', () => {
    renderForm({ rememberMe: null });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('replaces the checkbox with the disclaimer on subscriptions', () => {
    renderForm({ storedForSubscription: true });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(CHECKOUT_MESSAGES.subscriptionCardStored)).toBeTruthy();
  });
});
