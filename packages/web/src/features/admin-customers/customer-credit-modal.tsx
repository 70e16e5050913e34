import {
  ADMIN_REASON_MAX_LENGTH,
  CURRENCY_CODES,
  isCurrencyCode,
  minorUnitExponent,
  parseMajorUnits,
  type CurrencyCode,
  type CustomerCreditChanged,
} from '@lectern/domain';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { changeCustomerCredit } from './admin-customers-api';
import { useRefreshCustomer, type CustomerDialogProps } from './customer-dialog';
import { failureText, moneyOf } from './customer-format';

/** "Grant or remove credit": an amount in a currency and a reason, checked before it is sent. */
export function CustomerCreditModal({ customer, onClose, onDone }: CustomerDialogProps) {
  const api = useApiClient();
  const refresh = useRefreshCustomer(customer.profile.id);
  const [action, setAction] = useState<'grant' | 'remove'>('grant');
  const [currency, setCurrency] = useState<CurrencyCode>(
    customer.credit.balances[0]?.currency ??
      (customer.purchases.results[0]?.currency as CurrencyCode | undefined) ??
      'USD',
  );
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);

  let minor: number | null = null;
  let amountError: string | null = null;
  try {
    minor = parseMajorUnits(amount, currency).amount;
    if (minor <= 0) amountError = 'The amount must be more than zero.';
  } catch {
    const decimals = minorUnitExponent(currency);
    amountError =
      decimals === 0
        ? `Enter a whole amount of ${currency}, such as 500.`
        : `Enter an amount such as 5.00 (at most ${decimals} decimals).`;
  }
  const reasonError =
    reason.trim() === '' ? 'Give a reason (the customer’s ledger and the audit log show it).' : null;
  const available = customer.credit.balances.find((balance) => balance.currency === currency)?.amount ?? 0;

  const change = useMutation({
    mutationFn: () =>
      changeCustomerCredit(api, customer.profile.id, {
        action,
        amount: minor ?? 0,
        currency,
        reason: reason.trim(),
      }),
    onSuccess: (answer: CustomerCreditChanged) => {
      const value = moneyOf(Math.abs(answer.entry.amount), answer.entry.currency);
      onDone(
        `${action === 'grant' ? 'Granted' : 'Removed'} ${value} of credit. Available now: ${moneyOf(answer.balance.amount, answer.balance.currency)}.`,
      );
    },
    onSettled: () => refresh(),
  });
  const serverErrors = isApiError(change.error) ? change.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (amountError || reasonError) return;
    change.mutate();
  };
  return (
    <Modal
      opened
      onClose={change.isPending ? () => {} : onClose}
      title="Grant or remove credit"
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <Stack gap="md" onSubmit={submit} renderRoot={(props) => <form {...props} noValidate />}>
        {change.isError && Object.keys(serverErrors).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {failureText(change.error, 'The credit could not be changed. Try again.')}
          </Alert>
        )}
        <Radio.Group
          label="What to do"
          value={action}
          onChange={(value) => setAction(value === 'remove' ? 'remove' : 'grant')}
        >
          <Group gap="md" mt={6}>
            <Radio value="grant" label="Grant credit" />
            <Radio value="remove" label="Remove credit" />
          </Group>
        </Radio.Group>
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={(checked && amountError) || serverErrors.amount?.[0]}
            data-autofocus
          />
          <Select
            label="Currency"
            data={CURRENCY_CODES}
            value={currency}
            onChange={(value) => value && isCurrencyCode(value) && setCurrency(value)}
            allowDeselect={false}
            searchable
            error={serverErrors.currency?.[0]}
          />
        </Group>
        {action === 'remove' && (
          <Text size="sm" c="dimmed">
            Available in {currency}: {moneyOf(available, currency)}. Credit cannot go below zero.
          </Text>
        )}
        <Textarea
          label="Reason"
          description="Shown in the customer’s credit history and the audit log."
          value={reason}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={(checked && reasonError) || serverErrors.reason?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending} color={action === 'remove' ? 'red' : undefined}>
            {action === 'grant' ? 'Grant credit' : 'Remove credit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
