import {
  accountHolderError,
  documentError,
  HOSTED_METHOD_MESSAGES,
  ibanError,
  normalizeDocument,
  normalizeIban,
  type HostedStateData,
} from '@lectern/domain';

/** What the hosted methods' forms collect (checkout §9 state data). */
export interface HostedInput {
  issuer_id: string;
  app_id: string;
  iban: string;
  holder_name: string;
  document: string;
}

export type HostedField = keyof HostedInput;

export const EMPTY_HOSTED: HostedInput = {
  issuer_id: '',
  app_id: '',
  iban: '',
  holder_name: '',
  document: '',
};

export const NO_HOSTED_TOUCHED: Record<HostedField, boolean> = {
  issuer_id: false,
  app_id: false,
  iban: false,
  holder_name: false,
  document: false,
};

/** Boleto is Brazilian: its payer document is a CPF or CNPJ whatever the billing country. */
export const BOLETO_DOCUMENT_COUNTRY = 'BR';

/** The fields of a hosted method's form, by its type; none for redirect-only methods. */
export function hostedFieldsOf(type: string): HostedField[] {
  switch (type) {
    case 'ideal':
    case 'netbanking':
      return ['issuer_id'];
    case 'upi':
      return ['app_id'];
    case 'sepadirectdebit':
      return ['iban', 'holder_name'];
    case 'boleto':
      return ['document'];
    default:
      return [];
  }
}

/** One field's message, or null (the UPI app is optional). */
export function hostedFieldError(field: HostedField, input: HostedInput): string | null {
  switch (field) {
    case 'issuer_id':
      return input.issuer_id ? null : HOSTED_METHOD_MESSAGES.selectBank;
    case 'app_id':
      return null;
    case 'iban':
      return ibanError(input.iban);
    case 'holder_name':
      return accountHolderError(input.holder_name);
    case 'document':
      return documentError(BOLETO_DOCUMENT_COUNTRY, input.document);
  }
}

/** The first invalid field's message of a hosted method's form, or null. */
export function hostedFormError(type: string, input: HostedInput): string | null {
  for (const field of hostedFieldsOf(type)) {
    const error = hostedFieldError(field, input);
    if (error) return error;
  }
  return null;
}

/** Checkout §9 state data sent as credentials: only the method's own fields, normalized. */
export function hostedStateData(type: string, input: HostedInput): HostedStateData {
  const state: HostedStateData = {};
  for (const field of hostedFieldsOf(type)) {
    if (field === 'issuer_id') state.issuer_id = input.issuer_id;
    if (field === 'app_id' && input.app_id) state.app_id = input.app_id;
    if (field === 'iban') state.iban = normalizeIban(input.iban);
    if (field === 'holder_name') state.holder_name = input.holder_name.trim();
    if (field === 'document') state.document = normalizeDocument(BOLETO_DOCUMENT_COUNTRY, input.document);
  }
  return state;
}
