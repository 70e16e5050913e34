import {
  STAFF_REFUND_REASON_MAX,
  STAFF_REFUND_REASON_MIN,
  sumMoney,
  type AdminOrderDetail,
  type AdminOrderLine,
  type CurrencyCode,
  type StaffRefundResponse,
} from '@lectern/domain';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { adminMoney } from '../admin-shell/admin-format';
import { refundOrder } from './admin-orders-api';

type Step = 'choose' | 'confirm';

/** A line staff may refund: refundable now, or only past the window (with the override). */
const offered = (line: AdminOrderLine) => line.refund_refusal === null || line.refund_refusal_overridable;

/**
 * "Refund" on an order (issue 32): the whole order or chosen lines, a reason, and — when the
 * order is past the 30-day window — the explicit choice to refund anyway; then a confirmation.
 * The button stays disabled while the refund is sent (the server is the real guard: a second
 * click is refused there).
 */
export function RefundOrderButton({
  order,
  onRefunded,
}: {
  order: AdminOrderDetail;
  onRefunded: (message: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Refund
      </Button>
      {opened && (
        <RefundModal
          order={order}
          onClose={() => setOpened(false)}
          onRefunded={(message) => {
            setOpened(false);
            onRefunded(message);
          }}
        />
      )}
    </>
  );
}

function RefundModal({
  order,
  onClose,
  onRefunded,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const lines = order.lines.filter(offered);
  const windowClosed = lines.some((line) => line.refund_refusal === 'refund_window_closed');
  const [scope, setScope] = useState<'all' | 'lines'>('all');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [outside, setOutside] = useState(false);
  const [step, setStep] = useState<Step>('choose');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const refundable = (line: AdminOrderLine) => line.refund_refusal === null || outside;
  const taken = scope === 'all' ? lines.filter(refundable) : lines.filter((line) => chosen.has(line.id));
  const blocked = taken.filter((line) => !refundable(line));
  const currency = order.currency as CurrencyCode;
  const total = sumMoney(
    taken.map((line) => line.paid),
    currency,
  );
  const toMethod = sumMoney(
    taken.map((line) => line.refund_to.provider),
    currency,
  );
  const toCredit = sumMoney(
    taken.map((line) => line.refund_to.credit),
    currency,
  );
  const trimmed = reason.trim();
  const reasonError =
    trimmed.length < STAFF_REFUND_REASON_MIN
      ? `Give a reason of at least ${STAFF_REFUND_REASON_MIN} characters (it goes in the audit log).`
      : trimmed.length > STAFF_REFUND_REASON_MAX
        ? `The reason can be at most ${STAFF_REFUND_REASON_MAX} characters.`
        : null;
  const ready = taken.length > 0 && blocked.length === 0 && reasonError === null;

  // A second click before the pending state renders sends nothing (the server would refuse it anyway).
  const sending = useRef(false);
  const refund = useMutation({
    mutationFn: () =>
      refundOrder(api, order.id, {
        line_ids: scope === 'all' ? 'all' : taken.map((line) => line.id),
        reason: trimmed,
        allow_outside_window: outside,
      }),
    onMutate: () => setError(null),
    onSuccess: (answer: StaffRefundResponse) => {
      const states = answer.refunds.map((row) => row.status);
      const sum = sumMoney(
        answer.refunds.map((row) => row.amount),
        currency,
      );
      onRefunded(
        `Refunded ${answer.refunds.length} course${answer.refunds.length === 1 ? '' : 's'} for ${adminMoney(sum)}` +
          (states.every((state) => state === 'refunded')
            ? '.'
            : states.includes('failed')
              ? ': the payment provider refused part of it (see Refunds).'
              : ': the payment provider is still processing it; it is retried automatically.'),
      );
    },
    onError: (failure) => {
      setError(isApiError(failure) ? failure.detail : 'The refund could not be made. Try again.');
      setStep('choose');
    },
    onSettled: () => {
      sending.current = false;
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const send = () => {
    if (sending.current) return;
    sending.current = true;
    refund.mutate();
  };

  return (
    <Modal
      opened
      onClose={refund.isPending ? () => {} : onClose}
      title={`Refund order #${order.id}`}
      size="lg"
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {step === 'choose' ? (
          <>
            <Radio.Group
              label="What to refund"
              value={scope}
              onChange={(value) => setScope(value === 'lines' ? 'lines' : 'all')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="all" label="The whole order (every course still refundable)" />
                <Radio value="lines" label="Chosen courses" />
              </Stack>
            </Radio.Group>
            {scope === 'lines' && (
              <Checkbox.Group
                label="Courses"
                value={[...chosen].map(String)}
                onChange={(values) => setChosen(new Set(values.map(Number)))}
              >
                <Stack gap={6} mt={6}>
                  {lines.map((line) => (
                    <Checkbox
                      key={line.id}
                      value={String(line.id)}
                      label={`${line.course.title} — ${adminMoney(line.paid)}${
                        line.refund_refusal === 'refund_window_closed' ? ' (past the 30-day window)' : ''
                      }`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            {windowClosed && (
              <Checkbox
                checked={outside}
                onChange={(event) => setOutside(event.currentTarget.checked)}
                label="Refund outside the 30-day window"
                description="The buyer’s own refund is closed after 30 days. Staff may still refund; say why below."
              />
            )}
            {blocked.length > 0 && (
              <Text size="sm" c="red">
                {blocked.length === 1 ? 'One chosen course is' : `${blocked.length} chosen courses are`} past
                the 30-day window: tick “Refund outside the 30-day window” to refund them.
              </Text>
            )}
            <Textarea
              label="Reason"
              description="Required. Kept with the refund and in the audit log."
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched ? reasonError : null}
              rows={3}
              maxLength={STAFF_REFUND_REASON_MAX + 50}
              required
            />
            <Text size="sm">
              {taken.length === 0
                ? 'Nothing to refund with these choices.'
                : `${taken.length} course${taken.length === 1 ? '' : 's'}, ${adminMoney(total)}.`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                color="red"
                disabled={!ready}
                onClick={() => {
                  setTouched(true);
                  if (ready) setStep('confirm');
                }}
              >
                Continue
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>
              Refund {taken.length} course{taken.length === 1 ? '' : 's'} of order #{order.id} for{' '}
              <strong>{adminMoney(total)}</strong>?
            </Text>
            <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
              {toMethod.amount > 0 && (
                <li>
                  {adminMoney(toMethod)} back to {order.payment_method.label}
                </li>
              )}
              {toCredit.amount > 0 && <li>{adminMoney(toCredit)} back to the buyer’s account credit</li>}
              {outside && <li>Outside the 30-day refund window</li>}
            </Stack>
            <Text size="sm" c="dimmed">
              The buyer loses access to {taken.length === 1 ? 'the course' : 'these courses'} at once. This
              cannot be undone.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('choose')} disabled={refund.isPending}>
                Back
              </Button>
              <Button color="red" loading={refund.isPending} disabled={refund.isPending} onClick={send}>
                Refund {adminMoney(total)}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
