import {
  PAGE_ROUTES,
  salesContactInputSchema,
  type BackOfficeSettings,
  type SalesContactField,
  type SalesContactSettings,
} from '@lectern/domain';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { USER_CONTEXT_QUERY_KEY } from '../../app/user-context/user-context-api';
import { isApiError, useApiClient } from '../../platform/api';
import { saveSalesContact } from './admin-staff-api';
import { SALES_CONTACT_FIELDS } from './sales-contact-fields';
import { failureText } from './staff-roles';

type Texts = Record<SalesContactField, string>;

const textsOf = (settings: SalesContactSettings): Texts => ({
  sales_email: settings.sales_email ?? '',
  request_demo_url: settings.request_demo_url ?? '',
  enterprise_upgrade_url: settings.enterprise_upgrade_url ?? '',
  compare_plans_url: settings.compare_plans_url ?? '',
});

/**
 * The owners' form for the sales links (issue 34): each field empty for the shop's default,
 * checked by the domain's schema before it is sent, then by the server.
 */
export function SalesContactForm({
  settings,
  onChanged,
}: {
  settings: BackOfficeSettings;
  onChanged: (text: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>(() => textsOf(settings.sales_contact));
  const [errors, setErrors] = useState<Partial<Texts>>({});
  const save = useMutation({
    mutationFn: (input: SalesContactSettings) => saveSalesContact(api, input),
    onSuccess: () => {
      onChanged('The sales links are saved.');
      // This tab's pages read the links from the user context: the next one shows the new ones.
      void queryClient.invalidateQueries({ queryKey: USER_CONTEXT_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
    },
  });
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = salesContactInputSchema.safeParse(texts);
    if (!checked.success) {
      const found: Partial<Texts> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as SalesContactField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  };

  return (
    <Stack
      gap="sm"
      onSubmit={submit}
      aria-label="Sales links"
      maw={640}
      renderRoot={(props) => <form {...props} noValidate />}
    >
      {save.isError && Object.keys(serverErrors).length === 0 && (
        <Alert color="red" variant="light" role="alert">
          {failureText(save.error, 'The sales links could not be saved. Try again.')}
        </Alert>
      )}
      {SALES_CONTACT_FIELDS.map((field) => (
        <TextInput
          key={field.name}
          label={field.label}
          description={`${field.description} Empty: ${settings.sales_contact_defaults[field.name]}`}
          placeholder={settings.sales_contact_defaults[field.name]}
          type={field.name === 'sales_email' ? 'email' : 'url'}
          value={texts[field.name]}
          error={errors[field.name] ?? serverErrors[field.name]?.[0]}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTexts((current) => ({ ...current, [field.name]: text }));
          }}
        />
      ))}
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save the sales links
        </Button>
        <Anchor component={Link} to={`${PAGE_ROUTES.adminAudit}?object_type=back_office_settings`} size="sm">
          Earlier changes
        </Anchor>
      </Group>
    </Stack>
  );
}
