import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { EMPTY_CARD } from './card-fields';
import {
  EMPTY_LOCAL_CARD,
  installmentChoices,
  localCardExtraError,
  localCardExtrasError,
} from './local-card-fields';
import { LocalCardForm, type LocalCardFormProps } from './local-card-form';

const CPF = '529.982.247-25';
const WITH_BOTH = {
  options: { is_ssn_enabled: true, installments: { is_enabled: true, options: [1, 3, 6] } },
};
const WITH_NEITHER = { options: { is_ssn_enabled: false, installments: { is_enabled: false, options: [] } } };

describe('local card extra fields (checkout §5)', () => {
  it("needs the country's document only when the method enables it", () => {
    expect(localCardExtraError('document', WITH_BOTH, EMPTY_LOCAL_CARD, 'BR')).toBe(
      CHECKOUT_MESSAGES.enterCpf,
    );
    expect(localCardExtraError('document', WITH_BOTH, { document: 'abc', installment: 1 }, 'MX')).toBe(
      CHECKOUT_MESSAGES.invalidCurp,
    );
    expect(localCardExtraError('document', WITH_BOTH, { document: CPF, installment: 1 }, 'BR')).toBeNull();
    expect(localCardExtraError('document', WITH_NEITHER, EMPTY_LOCAL_CARD, 'BR')).toBeNull();
  });

  it('needs an installment count when installments are enabled', () => {
    expect(installmentChoices(WITH_BOTH)).toEqual([1, 3, 6]);
    expect(installmentChoices(WITH_NEITHER)).toBeNull();
    expect(localCardExtraError('installment', WITH_BOTH, EMPTY_LOCAL_CARD, 'BR')).toBe(
      CHECKOUT_MESSAGES.selectInstallments,
    );
    expect(localCardExtraError('installment', WITH_NEITHER, EMPTY_LOCAL_CARD, 'BR')).toBeNull();
  });

  it('names the document first, then the installments', () => {
    expect(localCardExtrasError(WITH_BOTH, EMPTY_LOCAL_CARD, 'BR')).toBe(CHECKOUT_MESSAGES.enterCpf);
    expect(localCardExtrasError(WITH_BOTH, { document: CPF, installment: null }, 'BR')).toBe(
      CHECKOUT_MESSAGES.selectInstallments,
    );
    expect(localCardExtrasError(WITH_BOTH, { document: CPF, installment: 3 }, 'BR')).toBeNull();
  });
});

const NO_CARD_ERRORS = { name: null, number: null, expiry: null, cvc: null };

function renderForm(props: Partial<LocalCardFormProps> = {}) {
  const handlers = { onChange: vi.fn(), onBlur: vi.fn(), onExtrasChange: vi.fn(), onExtraBlur: vi.fn() };
  renderWithProviders(
    <LocalCardForm
      method={WITH_BOTH}
      country="BR"
      input={EMPTY_CARD}
      errors={NO_CARD_ERRORS}
      brands={['visa']}
      extras={EMPTY_LOCAL_CARD}
      extraErrors={{ document: null, installment: null }}
      disabled={false}
      {...handlers}
      {...props}
    />,
    { fetch: fakeServer({}).fetch },
  );
  return handlers;
}

describe('LocalCardForm', () => {
  it('has the card fields (CVV), the document and the installments, without remember-me', () => {
    renderForm();
    for (const label of ['Name on card', 'Card number', 'Expiry date', 'CVV', 'CPF/CNPJ', 'Installments']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.queryByRole('checkbox')).toBeNull();
    const installments = screen.getByLabelText('Installments') as HTMLSelectElement;
    expect([...installments.options].map((option) => option.text)).toEqual([
      'Select number of installments',
      '1 payment',
      '3 installments',
      '6 installments',
    ]);
  });

  it('formats the document as typed, at most 25 characters, and reports the choices', () => {
    const { onExtrasChange, onExtraBlur } = renderForm();
    const document = screen.getByLabelText('CPF/CNPJ');
    expect(document.getAttribute('maxlength')).toBe('25');
    fireEvent.change(document, { target: { value: '52998224725' } });
    expect(onExtrasChange).toHaveBeenCalledWith({ document: CPF, installment: null });
    fireEvent.blur(document);
    expect(onExtraBlur).toHaveBeenCalledWith('document');
    fireEvent.change(screen.getByLabelText('Installments'), { target: { value: '3' } });
    expect(onExtrasChange).toHaveBeenCalledWith({ document: '', installment: 3 });
  });

  it("labels the document by the billing country and shows the fields' messages", () => {
    renderForm({
      country: 'MX',
      extraErrors: {
        document: CHECKOUT_MESSAGES.invalidCurp,
        installment: CHECKOUT_MESSAGES.selectInstallments,
      },
    });
    expect(screen.getByLabelText('CURP').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(CHECKOUT_MESSAGES.invalidCurp)).toBeTruthy();
    expect(screen.getByLabelText('Installments').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(CHECKOUT_MESSAGES.selectInstallments)).toBeTruthy();
  });

  it('has neither extra field when the method enables none', () => {
    renderForm({ method: WITH_NEITHER });
    expect(screen.queryByLabelText('CPF/CNPJ')).toBeNull();
    expect(screen.queryByLabelText('Installments')).toBeNull();
  });
});
