import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
  type WebhookEventType,
} from '@lectern/domain';
import { Alert, Button, Checkbox, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../platform/api';

export interface EndpointFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export const NEW_ENDPOINT: EndpointFormValues = { url: '', description: '', events: [], enabled: true };

/** The field errors of a 400 (keys such as `events.0` count for their field). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = key.split('.')[0]!;
    if (messages[0] && !errors[field]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * An endpoint's URL, description, events and whether it is on: checked by the domain's schema
 * before it is sent, then by the server (which also refuses private addresses in production).
 */
export function WebhookEndpointForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: EndpointFormValues;
  submitLabel: string;
  onSubmit: (values: EndpointFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = webhookEndpointInputSchema.safeParse(values);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'url');
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const found = fieldErrorsOf(error);
      setErrors(found);
      if (Object.keys(found).length === 0) {
        setFailure(isApiError(error) ? error.detail : 'The endpoint could not be saved. Try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  const allChosen = values.events.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          description="Where Lectern posts the events: https in production, never a private address."
          placeholder="https://example.com/lectern/webhooks"
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          value={values.url}
          onChange={(event) => setValues({ ...values, url: event.currentTarget.value })}
          error={errors.url}
        />
        <Textarea
          label="Description"
          placeholder="What receives it (accounting, CRM…)"
          rows={2}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
          error={errors.description}
        />
        <Checkbox.Group
          label="Events"
          description="The endpoint receives only the events chosen here."
          required
          value={values.events}
          onChange={(events) => setValues({ ...values, events: events as WebhookEventType[] })}
          error={errors.events}
        >
          <Stack gap={6} mt={6}>
            <Checkbox
              label="All events"
              checked={allChosen}
              indeterminate={!allChosen && values.events.length > 0}
              onChange={() => setValues({ ...values, events: allChosen ? [] : [...WEBHOOK_EVENT_TYPES] })}
            />
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <Text size="sm" ff="monospace">
                    {type}
                  </Text>
                }
                description={WEBHOOK_EVENT_DESCRIPTIONS[type]}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label="Enabled"
          description="A disabled endpoint receives nothing; what was waiting is sent once it is enabled again."
          checked={values.enabled}
          onChange={(event) => setValues({ ...values, enabled: event.currentTarget.checked })}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
