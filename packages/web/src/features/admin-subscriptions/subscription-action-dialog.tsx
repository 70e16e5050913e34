import {
  STAFF_EXTENSION_DAYS_MAX,
  STAFF_SUBSCRIPTION_REASON_MIN,
  type AdminSubscriptionDetail,
} from '@lectern/domain';
import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import {
  adminSubscriptionQuery,
  runSubscriptionAction,
  type SubscriptionAction,
} from './admin-subscriptions-api';

/** What a dialog asks besides the reason: nothing, a choice, or a number. */
export type ActionInput =
  | { kind: 'none' }
  | { kind: 'choice'; label: string; options: { value: string; label: string }[]; initial: string }
  | { kind: 'number'; label: string; min: number; max: number; initial: number; description?: string };

/**
 * A staff action behind a button: a dialog that says what will happen, asks for a reason (kept
 * in the audit log) and what the action needs, and sends it once; the plan on the page is
 * replaced by the one the server answers.
 */
export function SubscriptionActionButton({
  subscription,
  label,
  title,
  explanation,
  confirmLabel,
  color,
  input = { kind: 'none' },
  action,
  onDone,
  variant = 'light',
}: {
  subscription: AdminSubscriptionDetail;
  label: string;
  title: string;
  explanation: ReactNode;
  confirmLabel: string;
  color?: string;
  input?: ActionInput;
  /** The action to send, from the reason and the input's value. */
  action: (reason: string, value: string | number) => SubscriptionAction;
  onDone: (message: string) => void;
  variant?: 'light' | 'filled' | 'default' | 'subtle';
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant} color={color} onClick={() => setOpened(true)}>
        {label}
      </Button>
      {opened && (
        <ActionModal
          subscription={subscription}
          title={title}
          explanation={explanation}
          confirmLabel={confirmLabel}
          color={color}
          input={input}
          action={action}
          onClose={() => setOpened(false)}
          onDone={(message) => {
            setOpened(false);
            onDone(message);
          }}
        />
      )}
    </>
  );
}

function ActionModal({
  subscription,
  title,
  explanation,
  confirmLabel,
  color,
  input,
  action,
  onClose,
  onDone,
}: {
  subscription: AdminSubscriptionDetail;
  title: string;
  explanation: ReactNode;
  confirmLabel: string;
  color?: string;
  input: ActionInput;
  action: (reason: string, value: string | number) => SubscriptionAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const api = useApiClient();
  const queries = useQueryClient();
  const [reason, setReason] = useState('');
  const [value, setValue] = useState<string | number>(input.kind === 'none' ? '' : input.initial);
  const mutation = useMutation({
    mutationFn: () => runSubscriptionAction(api, subscription.id, action(reason.trim(), value)),
    onSuccess: (answer) => {
      queries.setQueryData(adminSubscriptionQuery(api, subscription.id).queryKey, answer.subscription);
      void queries.invalidateQueries({ queryKey: ['admin', 'subscriptions'] });
      void queries.invalidateQueries({ queryKey: ['admin', 'audit-events'] });
      onDone(answer.message);
    },
    onError: () => {
      // A conflict means the plan changed meanwhile: show it as it is now.
      void queries.invalidateQueries({ queryKey: adminSubscriptionQuery(api, subscription.id).queryKey });
    },
  });
  const error = mutation.error;
  const fieldErrors = isApiError(error) ? (error.fieldErrors ?? {}) : {};
  const tooShort = reason.trim().length < STAFF_SUBSCRIPTION_REASON_MIN;
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <Stack
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!mutation.isPending) mutation.mutate();
        }}
      >
        <Text size="sm">{explanation}</Text>
        {input.kind === 'choice' && (
          <Radio.Group label={input.label} value={String(value)} onChange={setValue}>
            <Stack gap={6} mt={6}>
              {input.options.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {input.kind === 'number' && (
          <NumberInput
            label={input.label}
            description={input.description}
            min={input.min}
            max={input.max}
            allowDecimal={false}
            value={value}
            onChange={(next) => setValue(typeof next === 'number' ? next : Number(next) || input.min)}
            error={Object.entries(fieldErrors)
              .find(([key]) => key !== 'reason')?.[1]
              ?.join(' ')}
          />
        )}
        <Textarea
          label="Reason"
          description="Kept in the audit log with your name."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={fieldErrors.reason?.join(' ')}
        />
        {error && !fieldErrors.reason && (
          <Alert color="red" role="alert" title="Not done">
            {isApiError(error) ? error.detail : 'The request failed. Try again.'}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" color={color} loading={mutation.isPending} disabled={tooShort}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export { STAFF_EXTENSION_DAYS_MAX };
