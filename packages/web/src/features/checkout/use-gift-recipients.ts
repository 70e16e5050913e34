import type { CheckoutItemData, GiftDetailsField } from '@lectern/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '../../platform/api';
import { browserSessionStorage } from '../cart/cart-storage';
import {
  EMPTY_GIFT_RECIPIENT,
  GIFT_FIELDS,
  giftFieldProblems,
  giftKey,
  giftServerErrors,
  isGiftItem,
  loadGiftRecipients,
  localToday,
  saveGiftRecipients,
  type GiftFieldTexts,
  type GiftRecipientInput,
  type GiftRecipients,
} from './gift-recipients';

type Touched = Record<string, Partial<Record<GiftDetailsField, boolean>>>;

/** The attribute each gift field carries, so the first wrong one can take the focus. */
export const GIFT_FIELD_ATTRIBUTE = 'data-gift-field';

export const giftFieldName = (key: string, field: GiftDetailsField) => `${key}.${field}`;

/**
 * The checkout's gift lines' details: their values (kept in the tab's session storage, as the
 * checkout list is), the errors shown (the domain's check once a field was left or a submit
 * tried; the server's refusal until the field changes), and the focus on the first wrong field.
 */
export function useGiftRecipients(items: readonly CheckoutItemData[]) {
  const intl = useIntl();
  const keys = useMemo(() => items.filter(isGiftItem).map(giftKey), [items]);
  const [values, setValues] = useState<GiftRecipients>(() => {
    // The checkout renders only once hydrated (its list is in session storage too).
    const kept = loadGiftRecipients(browserSessionStorage());
    return Object.fromEntries(keys.map((key) => [key, kept[key] ?? EMPTY_GIFT_RECIPIENT]));
  });
  const [touched, setTouched] = useState<Touched>({});
  const [serverErrors, setServerErrors] = useState<Record<string, GiftFieldTexts>>({});
  const focusTarget = useRef<string | null>(null);
  // Read at each render: a page left open past midnight moves on with the day.
  const today = localToday();

  useEffect(() => {
    if (keys.length > 0) saveGiftRecipients(browserSessionStorage(), values);
  }, [keys, values]);

  // After the render that shows the errors (both ways of asking for it set state), so the
  // field is announced with its error.
  useEffect(() => {
    if (focusTarget.current === null) return;
    document.querySelector<HTMLElement>(`[${GIFT_FIELD_ATTRIBUTE}="${focusTarget.current}"]`)?.focus();
    focusTarget.current = null;
  });

  const valueOf = useCallback((key: string) => values[key] ?? EMPTY_GIFT_RECIPIENT, [values]);

  const change = useCallback((key: string, field: GiftDetailsField, value: string) => {
    setValues((current) => ({
      ...current,
      [key]: { ...(current[key] ?? EMPTY_GIFT_RECIPIENT), [field]: value },
    }));
    setServerErrors((current) =>
      current[key]?.[field] ? { ...current, [key]: { ...current[key], [field]: undefined } } : current,
    );
  }, []);

  const blur = useCallback((key: string, field: GiftDetailsField) => {
    setTouched((current) => ({ ...current, [key]: { ...current[key], [field]: true } }));
  }, []);

  const errorsOf = (key: string): GiftFieldTexts => {
    const problems = giftFieldProblems(valueOf(key), today);
    const texts: GiftFieldTexts = {};
    for (const field of GIFT_FIELDS) {
      const problem = problems[field];
      texts[field] =
        serverErrors[key]?.[field] ??
        (touched[key]?.[field] && problem
          ? intl.formatMessage({ id: problem.id }, problem.values)
          : undefined);
    }
    return texts;
  };

  const touchAll = () =>
    setTouched(
      Object.fromEntries(
        keys.map((key) => [key, Object.fromEntries(GIFT_FIELDS.map((field) => [field, true]))]),
      ),
    );

  /** Checks every gift before paying: false (and the first wrong field focused) when one is wrong. */
  const validate = (): boolean => {
    touchAll();
    for (const key of keys) {
      const problems = giftFieldProblems(valueOf(key), today);
      const field = GIFT_FIELDS.find((candidate) => problems[candidate]);
      if (field) {
        focusTarget.current = giftFieldName(key, field);
        return false;
      }
    }
    return true;
  };

  /** Shows the server's refusal of gift details on their fields; true when there was one. */
  const showServerErrors = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    const found = giftServerErrors(error.fieldErrors, items);
    const first = keys.flatMap((key) =>
      GIFT_FIELDS.filter((field) => found[key]?.[field]).map((field) => giftFieldName(key, field)),
    )[0];
    if (!first) return false;
    setServerErrors(found);
    focusTarget.current = first;
    return true;
  };

  return {
    keys,
    values: values as Readonly<Record<string, GiftRecipientInput>>,
    valueOf,
    today,
    change,
    blur,
    errorsOf,
    validate,
    showServerErrors,
  };
}

export type GiftRecipientsState = ReturnType<typeof useGiftRecipients>;
