import { documentError, installmentError, type PaymentMethodConfig } from '@lectern/domain';

/** What a local card form asks on top of the card (checkout §2, §5). */
export interface LocalCardExtras {
  document: string;
  /** The number of installments chosen; null until one is. */
  installment: number | null;
}

export type LocalCardExtraField = keyof LocalCardExtras;

export const EMPTY_LOCAL_CARD: LocalCardExtras = { document: '', installment: null };

export const NO_LOCAL_CARD_TOUCHED: Record<LocalCardExtraField, boolean> = {
  document: false,
  installment: false,
};

type LocalCardMethod = Pick<PaymentMethodConfig, 'options'>;

/** Checkout §5: the document field shows only when the method enables it. */
export function isDocumentShown(method: LocalCardMethod): boolean {
  return method.options.is_ssn_enabled === true;
}

/** The installment counts to choose from, or null when the method offers none. */
export function installmentChoices(method: LocalCardMethod): number[] | null {
  const installments = method.options.installments;
  return installments?.is_enabled && installments.options.length > 0 ? installments.options : null;
}

/** One field's message, or null; a field the method does not show has none. */
export function localCardExtraError(
  field: LocalCardExtraField,
  method: LocalCardMethod,
  input: LocalCardExtras,
  country: string,
): string | null {
  if (field === 'document') return isDocumentShown(method) ? documentError(country, input.document) : null;
  return installmentError(input.installment, installmentChoices(method) !== null);
}

/** The first message of the document and installment fields, in form order, or null. */
export function localCardExtrasError(
  method: LocalCardMethod,
  input: LocalCardExtras,
  country: string,
): string | null {
  return (
    localCardExtraError('document', method, input, country) ??
    localCardExtraError('installment', method, input, country)
  );
}
