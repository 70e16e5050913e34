import { CURRENCY_CODES, PAGE_ROUTES, type BackOfficeSettings, type CurrencyCode } from '@lectern/domain';
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { saveBackOfficeSettings } from './admin-staff-api';
import { limitOf, limitRowsOf, type LimitRow } from './refund-limit-rows';
import { failureText } from './staff-roles';

/** The owners' form for the support refund limits: one amount per currency, added and removed. */
export function RefundLimitsForm({
  settings,
  onChanged,
}: {
  settings: BackOfficeSettings;
  onChanged: (text: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<LimitRow[]>(() => limitRowsOf(settings));
  const [adding, setAdding] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const parsed = rows.map(limitOf);
  const save = useMutation({
    mutationFn: (limits: Record<string, number>) =>
      saveBackOfficeSettings(api, { support_refund_limits: limits }),
    onSuccess: () => {
      onChanged('The support refund limits are saved.');
      return queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
    },
  });
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (parsed.some((result) => 'error' in result)) return;
    save.mutate(
      Object.fromEntries(
        rows.map((row, index) => [row.currency, (parsed[index] as { amount: number }).amount]),
      ),
    );
  };
  const unused = CURRENCY_CODES.filter((code) => !rows.some((row) => row.currency === code));
  return (
    <Stack
      gap="sm"
      onSubmit={submit}
      aria-label="Support refund limits"
      maw={560}
      renderRoot={(props) => <form {...props} noValidate />}
    >
      {save.isError && Object.keys(serverErrors).length === 0 && (
        <Alert color="red" variant="light" role="alert">
          {failureText(save.error, 'The limits could not be saved. Try again.')}
        </Alert>
      )}
      {rows.length === 0 && <Text size="sm">No limit is set: Support cannot refund in any currency.</Text>}
      {rows.map((row, index) => {
        const result = parsed[index]!;
        const error =
          (checked && 'error' in result ? result.error : undefined) ??
          serverErrors[`support_refund_limits.${row.currency}`]?.[0];
        return (
          <Group key={row.currency} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={`Limit in ${row.currency}`}
              inputMode="decimal"
              value={row.text}
              error={error}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setRows((current) => current.map((other, at) => (at === index ? { ...other, text } : other)));
              }}
              style={{ flex: 1 }}
            />
            <Button
              variant="subtle"
              color="red"
              mt={25}
              aria-label={`Remove the ${row.currency} limit`}
              onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </Group>
        );
      })}
      <Group align="flex-end" gap="xs">
        <Select
          label="Add a currency"
          placeholder="Currency"
          data={unused}
          value={adding}
          onChange={setAdding}
          searchable
          w={160}
        />
        <Button
          variant="default"
          disabled={!adding}
          onClick={() => {
            if (!adding) return;
            setRows((current) => [...current, { currency: adding as CurrencyCode, text: '' }]);
            setAdding(null);
          }}
        >
          Add
        </Button>
      </Group>
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save the limits
        </Button>
        <Anchor component={Link} to={`${PAGE_ROUTES.adminAudit}?object_type=back_office_settings`} size="sm">
          Earlier changes
        </Anchor>
      </Group>
    </Stack>
  );
}
