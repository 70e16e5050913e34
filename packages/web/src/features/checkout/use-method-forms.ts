import { bnplAddressError, type BnplAddressInput, type PaymentMethodConfig } from '@lectern/domain';
import { useCallback, useMemo, useState } from 'react';
import {
  bnplAddressFieldErrors,
  EMPTY_BNPL_ADDRESS,
  NO_BNPL_TOUCHED,
  type BnplAddressField,
} from './bnpl-address-fields';
import {
  EMPTY_HOSTED,
  hostedFieldError,
  hostedFieldsOf,
  hostedFormError,
  NO_HOSTED_TOUCHED,
  type HostedField,
  type HostedInput,
} from './hosted-method-fields';
import {
  EMPTY_LOCAL_CARD,
  localCardExtraError,
  localCardExtrasError,
  NO_LOCAL_CARD_TOUCHED,
  type LocalCardExtraField,
  type LocalCardExtras,
} from './local-card-fields';
import { methodKey, type MethodKind } from './payment-methods';

interface Touchable<Input, Field extends string> {
  input: Input;
  touched: Record<Field, boolean>;
}

/**
 * The state of the forms of the BNPL, local card and hosted methods (the card fields stay
 * with the page, shared by the card and local card forms). Each field shows its message once
 * left, or once the form was submitted (`validate` marks all of a method's fields).
 */
export function useMethodForms() {
  const [bnpl, setBnpl] = useState<Touchable<BnplAddressInput, BnplAddressField>>({
    input: EMPTY_BNPL_ADDRESS,
    touched: NO_BNPL_TOUCHED,
  });
  const [local, setLocal] = useState<Touchable<LocalCardExtras, LocalCardExtraField>>({
    input: EMPTY_LOCAL_CARD,
    touched: NO_LOCAL_CARD_TOUCHED,
  });
  // Per hosted method: a bank chosen for iDEAL means nothing to net banking.
  const [hosted, setHosted] = useState<Record<string, Touchable<HostedInput, HostedField>>>({});

  const hostedOf = useCallback(
    (method: PaymentMethodConfig) =>
      hosted[methodKey(method)] ?? { input: EMPTY_HOSTED, touched: NO_HOSTED_TOUCHED },
    [hosted],
  );
  const updateHosted = useCallback(
    (
      method: PaymentMethodConfig,
      update: (state: Touchable<HostedInput, HostedField>) => Touchable<HostedInput, HostedField>,
    ) =>
      setHosted((current) => {
        const key = methodKey(method);
        return {
          ...current,
          [key]: update(current[key] ?? { input: EMPTY_HOSTED, touched: NO_HOSTED_TOUCHED }),
        };
      }),
    [],
  );

  return useMemo(
    () => ({
      bnplAddress: {
        input: bnpl.input,
        errors: (country: string) => bnplAddressFieldErrors(bnpl.input, bnpl.touched, country),
        change: (field: BnplAddressField, value: string) =>
          setBnpl((current) => ({ ...current, input: { ...current.input, [field]: value } })),
        blur: (field: BnplAddressField) =>
          setBnpl((current) => ({ ...current, touched: { ...current.touched, [field]: true } })),
      },
      localCard: {
        input: local.input,
        errors: (method: PaymentMethodConfig, country: string) => ({
          document: local.touched.document
            ? localCardExtraError('document', method, local.input, country)
            : null,
          installment: local.touched.installment
            ? localCardExtraError('installment', method, local.input, country)
            : null,
        }),
        change: (input: LocalCardExtras) => setLocal((current) => ({ ...current, input })),
        blur: (field: LocalCardExtraField) =>
          setLocal((current) => ({ ...current, touched: { ...current.touched, [field]: true } })),
      },
      hosted: {
        input: (method: PaymentMethodConfig) => hostedOf(method).input,
        errors: (method: PaymentMethodConfig) => {
          const { input, touched } = hostedOf(method);
          const error = (field: HostedField) => (touched[field] ? hostedFieldError(field, input) : null);
          return {
            issuer_id: error('issuer_id'),
            app_id: error('app_id'),
            iban: error('iban'),
            holder_name: error('holder_name'),
            document: error('document'),
          };
        },
        change: (method: PaymentMethodConfig, field: HostedField, value: string) =>
          updateHosted(method, (state) => ({ ...state, input: { ...state.input, [field]: value } })),
        blur: (method: PaymentMethodConfig, field: HostedField) =>
          updateHosted(method, (state) => ({ ...state, touched: { ...state.touched, [field]: true } })),
      },
      /**
       * Checkout §5 before paying: shows every message of the method's form and returns the
       * one for the checkout message (the first invalid field's), or null. The card fields
       * of the local card form are the page's.
       */
      validate(method: PaymentMethodConfig, kind: MethodKind, country: string): string | null {
        if (kind === 'bnplAddress') {
          setBnpl((current) => ({
            ...current,
            touched: { line1: true, city: true, state: true, zip: true },
          }));
          return bnplAddressError(bnpl.input, country);
        }
        if (kind === 'localCard') {
          setLocal((current) => ({ ...current, touched: { document: true, installment: true } }));
          return localCardExtrasError(method, local.input, country);
        }
        if (kind === 'hosted') {
          const touched = { ...NO_HOSTED_TOUCHED };
          for (const field of hostedFieldsOf(method.type)) touched[field] = true;
          updateHosted(method, (state) => ({ ...state, touched }));
          return hostedFormError(method.type, hostedOf(method).input);
        }
        return null;
      },
    }),
    [bnpl, local, hostedOf, updateHosted],
  );
}

export type MethodForms = ReturnType<typeof useMethodForms>;
