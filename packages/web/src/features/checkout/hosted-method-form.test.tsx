import {
  CHECKOUT_MESSAGES,
  HOSTED_METHOD_MESSAGES,
  IBAN_MESSAGES,
  type PaymentMethodConfig,
} from '@lectern/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import {
  EMPTY_HOSTED,
  hostedFieldError,
  hostedFieldsOf,
  hostedFormError,
  hostedStateData,
  type HostedField,
} from './hosted-method-fields';
import { HostedMethodForm } from './hosted-method-form';

const NO_ERRORS: Record<HostedField, string | null> = {
  issuer_id: null,
  app_id: null,
  iban: null,
  holder_name: null,
  document: null,
};
// A valid CPF (check digits 0 and 9) and a valid Dutch IBAN.
const CPF = '529.982.247-25';
const IBAN = 'NL91 ABNA 0417 1643 00';

describe('hosted method fields (checkout §9 state data)', () => {
  it('asks each method for its own fields', () => {
    expect(hostedFieldsOf('ideal')).toEqual(['issuer_id']);
    expect(hostedFieldsOf('netbanking')).toEqual(['issuer_id']);
    expect(hostedFieldsOf('upi')).toEqual(['app_id']);
    expect(hostedFieldsOf('sepadirectdebit')).toEqual(['iban', 'holder_name']);
    expect(hostedFieldsOf('boleto')).toEqual(['document']);
    for (const type of ['paypal', 'directEbanking', 'oxxo', 'pix', 'doku_alfamart']) {
      expect(hostedFieldsOf(type)).toEqual([]);
    }
  });

  it('needs the bank, the IBAN and holder, and the CPF/CNPJ; the UPI app is optional', () => {
    expect(hostedFormError('ideal', EMPTY_HOSTED)).toBe(HOSTED_METHOD_MESSAGES.selectBank);
    expect(hostedFormError('ideal', { ...EMPTY_HOSTED, issuer_id: 'ing' })).toBeNull();
    expect(hostedFormError('upi', EMPTY_HOSTED)).toBeNull();
    expect(hostedFormError('sepadirectdebit', EMPTY_HOSTED)).toBe(IBAN_MESSAGES.required);
    expect(hostedFieldError('iban', { ...EMPTY_HOSTED, iban: 'NL91 ABNA 0417 1643 01' })).toBe(
      IBAN_MESSAGES.invalid,
    );
    expect(hostedFormError('sepadirectdebit', { ...EMPTY_HOSTED, iban: IBAN, holder_name: ' J ' })).toBe(
      HOSTED_METHOD_MESSAGES.accountHolder,
    );
    expect(hostedFormError('boleto', EMPTY_HOSTED)).toBe(CHECKOUT_MESSAGES.enterCpf);
    expect(hostedFormError('boleto', { ...EMPTY_HOSTED, document: '111.111.111-11' })).toBe(
      CHECKOUT_MESSAGES.invalidCpfCnpj,
    );
    expect(hostedFormError('boleto', { ...EMPTY_HOSTED, document: CPF })).toBeNull();
    expect(hostedFormError('paypal', EMPTY_HOSTED)).toBeNull();
  });

  it("sends only the method's own fields, normalized", () => {
    const input = {
      issuer_id: 'ing',
      app_id: 'phonepe',
      iban: IBAN,
      holder_name: '  Jan de Vries ',
      document: CPF,
    };
    expect(hostedStateData('ideal', input)).toEqual({ issuer_id: 'ing' });
    expect(hostedStateData('upi', input)).toEqual({ app_id: 'phonepe' });
    expect(hostedStateData('upi', EMPTY_HOSTED)).toEqual({});
    expect(hostedStateData('sepadirectdebit', input)).toEqual({
      iban: 'NL91ABNA0417164300',
      holder_name: 'Jan de Vries',
    });
    expect(hostedStateData('boleto', input)).toEqual({ document: '52998224725' });
    expect(hostedStateData('paypal', input)).toEqual({});
  });
});

function hosted(type: string, name: string, options: PaymentMethodConfig['options'] = {}) {
  return { type, name, options };
}

function renderForm(method: ReturnType<typeof hosted>, errors = NO_ERRORS, input = EMPTY_HOSTED) {
  const handlers = { onChange: vi.fn(), onBlur: vi.fn() };
  renderWithProviders(
    <HostedMethodForm method={method} input={input} errors={errors} disabled={false} {...handlers} />,
    { fetch: fakeServer({}).fetch },
  );
  return handlers;
}

describe('HostedMethodForm', () => {
  it("lists iDEAL's banks and says where the buyer goes", () => {
    const { onChange, onBlur } = renderForm(
      hosted('ideal', 'iDEAL', {
        issuers: [
          { issuer_id: 'ing', name: 'ING' },
          { issuer_id: 'rabobank', name: 'Rabobank' },
        ],
      }),
      { ...NO_ERRORS, issuer_id: HOSTED_METHOD_MESSAGES.selectBank },
    );
    const bank = screen.getByLabelText('Bank');
    expect([...(bank as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Select your bank',
      'ING',
      'Rabobank',
    ]);
    expect(bank.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(HOSTED_METHOD_MESSAGES.selectBank)).toBeTruthy();
    fireEvent.change(bank, { target: { value: 'rabobank' } });
    expect(onChange).toHaveBeenCalledWith('issuer_id', 'rabobank');
    fireEvent.blur(bank);
    expect(onBlur).toHaveBeenCalledWith('issuer_id');
    expect(screen.getByTestId('hosted-next-step').textContent).toBe(
      'You will be redirected to your bank to complete your purchase.',
    );
  });

  it('offers the UPI apps as an optional choice', () => {
    renderForm(hosted('upi', 'UPI', { apps: [{ app_id: 'phonepe', name: 'PhonePe' }] }));
    const app = screen.getByLabelText('UPI app (optional)') as HTMLSelectElement;
    expect([...app.options].map((option) => option.text)).toEqual(['Any UPI app', 'PhonePe']);
    expect(screen.getByTestId('hosted-next-step').textContent).toBe(
      'You will be redirected to UPI to complete your purchase.',
    );
  });

  it('asks SEPA for the IBAN, grouped as typed, and the account holder', () => {
    const { onChange } = renderForm(hosted('sepadirectdebit', 'SEPA Direct Debit'));
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'nl91abna0417164300' } });
    expect(onChange).toHaveBeenCalledWith('iban', 'NL91 ABNA 0417 1643 00');
    fireEvent.change(screen.getByLabelText('Account holder name'), { target: { value: 'Jan' } });
    expect(onChange).toHaveBeenCalledWith('holder_name', 'Jan');
  });

  it("asks Boleto for the payer's CPF/CNPJ, formatted, at most 25 characters", () => {
    const { onChange } = renderForm(hosted('boleto', 'Boleto'), {
      ...NO_ERRORS,
      document: CHECKOUT_MESSAGES.enterCpf,
    });
    const document = screen.getByLabelText('CPF/CNPJ');
    expect(document.getAttribute('maxlength')).toBe('25');
    expect(screen.getByText(CHECKOUT_MESSAGES.enterCpf)).toBeTruthy();
    fireEvent.change(document, { target: { value: '52998224725' } });
    expect(onChange).toHaveBeenCalledWith('document', CPF);
    expect(screen.getByTestId('hosted-next-step').textContent).toBe(
      'After you complete checkout, you will get a Boleto to pay within 5 days.',
    );
  });

  it('has only a text for methods without fields', () => {
    renderForm(hosted('paypal', 'PayPal'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('hosted-next-step').textContent).toBe(
      'You will be redirected to PayPal to complete your purchase.',
    );
  });

  it('tells voucher buyers how long they have to pay', () => {
    renderForm(hosted('oxxo', 'OXXO'));
    expect(screen.getByTestId('hosted-next-step').textContent).toBe(
      'After you complete checkout, you will get an OXXO voucher to pay in cash within 3 days.',
    );
  });

  it('tells Indonesian buyers the 48-hour window', () => {
    renderForm(hosted('doku_alfamart', 'Alfamart'));
    expect(screen.getByTestId('hosted-next-step').textContent).toBe(
      'After you complete checkout, you will get a payment code to pay with Alfamart within 48 hours.',
    );
  });
});
