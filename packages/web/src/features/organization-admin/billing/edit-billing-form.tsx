import { GENERIC_API_ERROR_MESSAGE, secondaryLocationFieldOf, type CheckoutResult } from '@lectern/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { isApiError } from '../../../platform/api';
import type { CurrentEnrollment, SubscriptionBillingAddress } from '../../subscriptions/subscription-api';
import {
  billingAddressOf,
  taxLocationOf,
  type BillingErrors,
  type BillingField,
} from '../../subscriptions/subscription-billing';
import { SubscriptionBillingForm } from '../../subscriptions/subscription-billing-form';
import { useCheckoutForm } from '../../subscriptions/use-checkout-form';
import type { useSubscriptionInfo } from '../../subscriptions/use-subscription-info';
import { useUpdateBilling } from './billing-api';
import { SubmitButton } from '../../../ui/submit-button';

export type UpdateBillingInfo = NonNullable<ReturnType<typeof useSubscriptionInfo>['data']>['data'];

/** Leaving these fields of a country with a secondary location prices the tax again (team-plan §4). */
const TAX_RELOAD_FIELDS: readonly BillingField[] = [
  'address_line1',
  'address_line2',
  'secondary_location_info',
];

/** The server's `billing_address.*` field errors of a 400, by the form's field names. */
function billingFieldErrors(error: unknown): BillingErrors {
  if (!isApiError(error)) return {};
  const errors: BillingErrors = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    if (key.startsWith('billing_address.') && messages[0])
      errors[key.slice('billing_address.'.length) as BillingField] = messages[0];
  }
  return errors;
}

export interface EditBillingProps {
  organizationId: number;
  enrollment: CurrentEnrollment;
  onClose: () => void;
  /** The billing information was stored: the answer carries the tax-rate change, if any. */
  onSaved: (result: CheckoutResult) => void;
}

/**
 * The form of the 'Edit billing information' modal (team-plan §2, §4): the checkout's billing
 * address form filled with the information on file; leaving an address line of a country with a
 * secondary location prices the tax again; 'Save changes' sends `update_billing`, with the
 * server's field errors shown at their fields and the typed values kept on any failure.
 */
export function EditBillingForm({
  info,
  onTaxLocation,
  organizationId,
  enrollment,
  onClose,
  onSaved,
}: EditBillingProps & {
  info: UpdateBillingInfo;
  onTaxLocation: (location: SubscriptionBillingAddress) => void;
}) {
  const config = info.billing_config;
  const form = useCheckoutForm({ defaultCountry: config?.country ?? '', organization: true });
  form.applyBillingOnFile(config);
  const update = useUpdateBilling(organizationId, enrollment);
  const [failure, setFailure] = useState<string | null>(null);
  const { billing } = form;

  // The server's word on a location that looks complete here (a ZIP it cannot place).
  const tax = info.tax_config;
  const location = taxLocationOf(billing);
  const taxError =
    tax?.error && location.secondary_location_info && tax.country_code === billing.country
      ? tax.error
      : undefined;

  const blur = (field: BillingField) => {
    form.touchBilling(field);
    if (TAX_RELOAD_FIELDS.includes(field) && secondaryLocationFieldOf(billing.country))
      onTaxLocation(location);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    setFailure(null);
    if (!form.billingValid) return;
    update.mutate(billingAddressOf(billing, true), {
      onSuccess: (result) => {
        if (result.status === 'succeeded') onSaved(result);
        else setFailure(result.message ?? GENERIC_API_ERROR_MESSAGE);
      },
      onError: (error) => {
        const fields = billingFieldErrors(error);
        form.setServerErrors(fields);
        if (Object.keys(fields).length === 0)
          setFailure(isApiError(error) ? error.detail : GENERIC_API_ERROR_MESSAGE);
      },
    });
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          <FormattedMessage id="organizationAdmin.billing.edit.warning" />
        </Alert>
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="edit-billing-failure">
            {failure}
          </Alert>
        )}
        <SubscriptionBillingForm
          form={billing}
          errors={{
            ...form.billingErrors,
            secondary_location_info: form.billingErrors.secondary_location_info ?? taxError,
          }}
          disabled={update.isPending}
          organization
          onChange={form.changeBilling}
          onBlur={blur}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            <FormattedMessage id="organizationAdmin.billing.edit.cancel" />
          </Button>
          <SubmitButton loading={update.isPending}>
            <FormattedMessage id="organizationAdmin.billing.edit.save" />
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
