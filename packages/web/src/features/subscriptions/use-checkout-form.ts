import { teamPlanCardNameError, type CardField, type SubscriptionCheckoutInfo } from '@lectern/domain';
import { useState } from 'react';
import { CARD_FIELDS, EMPTY_CARD, cardFieldError, type CardInput } from '../checkout/card-fields';
import {
  billingErrors,
  emptyBillingForm,
  withBillingOnFile,
  type BillingErrors,
  type BillingField,
  type BillingForm,
} from './subscription-billing';

const BILLING_FIELDS: readonly BillingField[] = [
  'country_code',
  'secondary_location_info',
  'customer_name',
  'address_line1',
  'address_line2',
  'tax_number',
];
const PATCH_FIELDS: Record<keyof BillingForm, BillingField> = {
  country: 'country_code',
  secondaryLocation: 'secondary_location_info',
  customerName: 'customer_name',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  taxNumber: 'tax_number',
};
const NO_CARD_FLAGS: Record<CardField, boolean> = { name: false, number: false, expiry: false, cvc: false };
const NO_CODES: Record<CardField, string | null> = { name: null, number: null, expiry: null, cvc: null };

/**
 * The billing and card fields of a subscription checkout. A field shows its own problem once
 * it was left (or on submit), the server's field error until it is edited, and a card field
 * the provider's code until it is edited. Organization purchases check the name on card by
 * team-plan §5.
 */
export function useCheckoutForm({
  defaultCountry,
  organization,
}: {
  defaultCountry: string;
  organization: boolean;
}) {
  const [billing, setBilling] = useState<BillingForm>(() => emptyBillingForm(defaultCountry));
  const [billingTouched, setBillingTouched] = useState<Partial<Record<BillingField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<BillingErrors>({});
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [cardTouched, setCardTouched] = useState(NO_CARD_FLAGS);
  const [providerCodes, setProviderCodes] = useState(NO_CODES);
  const [onFileApplied, setOnFileApplied] = useState(false);

  const problems = billingErrors(billing, organization);
  const shownBillingErrors: BillingErrors = Object.fromEntries(
    BILLING_FIELDS.map((field) => [
      field,
      serverErrors[field] ?? (billingTouched[field] ? problems[field] : undefined),
    ]),
  );

  const cardProblem = (field: CardField, touched: boolean) =>
    field === 'name' && organization
      ? providerCodes.name
        ? cardFieldError('name', card, touched, providerCodes.name)
        : touched
          ? teamPlanCardNameError(card.name, billing.country)
          : null
      : cardFieldError(field, card, touched, providerCodes[field]);
  const cardErrors = Object.fromEntries(
    CARD_FIELDS.map((field) => [field, cardProblem(field, cardTouched[field])]),
  ) as Record<CardField, string | null>;

  return {
    billing,
    billingErrors: shownBillingErrors,
    billingValid: Object.keys(problems).length === 0,
    changeBilling(patch: Partial<BillingForm>) {
      setBilling((current) => ({ ...current, ...patch }));
      setServerErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(patch) as (keyof BillingForm)[]) delete next[PATCH_FIELDS[key]];
        return next;
      });
    },
    touchBilling: (field: BillingField) => setBillingTouched((current) => ({ ...current, [field]: true })),
    /** The billing information on file (a resubscribe), once, for the fields still empty. */
    applyBillingOnFile(config: SubscriptionCheckoutInfo['data']['billing_config']) {
      if (onFileApplied || !config) return;
      setOnFileApplied(true);
      setBilling((current) => withBillingOnFile(current, config));
    },
    setServerErrors,

    card,
    cardErrors,
    cardValid: CARD_FIELDS.every((field) => !cardProblem(field, true)),
    changeCard(field: CardField, value: string) {
      setCard((current) => ({ ...current, [field]: value }));
      setProviderCodes((current) => ({ ...current, [field]: null }));
    },
    touchCard: (field: CardField) => setCardTouched((current) => ({ ...current, [field]: true })),
    flagCardField: (field: CardField, code: string) =>
      setProviderCodes((current) => ({ ...current, [field]: code })),

    /** Submit: every field shows its problem. */
    touchAll() {
      setBillingTouched(Object.fromEntries(BILLING_FIELDS.map((field) => [field, true])));
      setCardTouched({ name: true, number: true, expiry: true, cvc: true });
    },
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
