import { zodResolver } from '@hookform/resolvers/zod';
import { BILLING_INFO_LIMITS } from '@lectern/domain';
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { z } from 'zod';
import type { MessageId } from '../../../i18n/load-messages';
import { isApiError } from '../../../platform/api';
import { useSaveReceiptDetails, type ReceiptDetails, type ReceiptDetailsInput } from './receipt-api';
import { receiptClasses } from '../../receipts';

const FIELDS = ['name', 'address', 'address2', 'taxId'] as const;
type Field = (typeof FIELDS)[number];

/** Team-plan §5 and §9: name and address required (at most 256), address2 optional, tax id at most 10. */
function detailsSchema(intl: IntlShape) {
  const message = (id: MessageId, max?: number) => intl.formatMessage({ id }, { max });
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, message('organizationAdmin.receiptDetails.nameRequired'))
      .max(
        BILLING_INFO_LIMITS.name,
        message('organizationAdmin.receiptDetails.nameTooLong', BILLING_INFO_LIMITS.name),
      ),
    address: z
      .string()
      .trim()
      .min(1, message('organizationAdmin.receiptDetails.addressRequired'))
      .max(
        BILLING_INFO_LIMITS.addressLine,
        message('organizationAdmin.receiptDetails.addressTooLong', BILLING_INFO_LIMITS.addressLine),
      ),
    address2: z
      .string()
      .trim()
      .max(
        BILLING_INFO_LIMITS.addressLine,
        message('organizationAdmin.receiptDetails.address2TooLong', BILLING_INFO_LIMITS.addressLine),
      ),
    taxId: z
      .string()
      .trim()
      .max(
        BILLING_INFO_LIMITS.taxNumber,
        message('organizationAdmin.receiptDetails.taxIdTooLong', BILLING_INFO_LIMITS.taxNumber),
      ),
  });
}

const LABELS: Record<Field, MessageId> = {
  name: 'organizationAdmin.receiptDetails.name',
  address: 'organizationAdmin.receiptDetails.address',
  address2: 'organizationAdmin.receiptDetails.address2',
  taxId: 'organizationAdmin.receiptDetails.taxId',
};

export interface ReceiptDetailsModalProps {
  organizationId: number;
  /** What the server answered: the name defaults to the organization's title. */
  initial: ReceiptDetails;
  opened: boolean;
  onClose: () => void;
  /** The details are stored; the receipt can be shown with them. */
  onSaved: () => void;
}

/**
 * Team-plan §2 receipt-details modal ('add receipt details'): the organization's billing
 * details for the receipts' 'Sold to' block, in two steps. Input: name (the organization's
 * title by default), address, optional second line and tax id; 'Next' only once name and
 * address are filled. Confirm: what will be saved, 'Back' to change it or 'Confirm' to save.
 * The server's field errors come back to the input step, next to their fields; nothing typed
 * is lost on a failure.
 */
export function ReceiptDetailsModal({
  organizationId,
  initial,
  opened,
  onClose,
  onSaved,
}: ReceiptDetailsModalProps) {
  const intl = useIntl();
  const schema = useMemo(() => detailsSchema(intl), [intl]);
  const [step, setStep] = useState<'input' | 'confirm'>('input');
  // What 'Next' accepted (trimmed), shown on the confirm step and sent by 'Confirm'.
  const [accepted, setAccepted] = useState<ReceiptDetailsInput | null>(null);
  // The field the server refused first: it takes the focus once the input step is back.
  const refused = useRef<Field | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const form = useForm<ReceiptDetailsInput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      name: initial.name,
      address: initial.address,
      address2: initial.address2,
      taxId: initial.taxId,
    },
  });
  const { errors } = form.formState;
  const [name, address] = useWatch({ control: form.control, name: ['name', 'address'] });
  const save = useSaveReceiptDetails(organizationId);

  // Focus follows the step (the button that had it is gone): the Confirm button on the
  // summary; on the input step the first field the server refused, else the name.
  useEffect(() => {
    if (!opened) return;
    if (step === 'confirm') confirmRef.current?.focus();
    else {
      form.setFocus(refused.current ?? 'name');
      refused.current = null;
    }
  }, [opened, step, form]);

  const next = form.handleSubmit((values) => {
    save.reset();
    setAccepted(values);
    setStep('confirm');
  });

  const confirm = () => {
    if (!accepted) return;
    save.mutate(accepted, {
      onSuccess: onSaved,
      onError: (error) => {
        const fieldErrors = isApiError(error) && error.statusCode === 400 ? error.fieldErrors : {};
        const known = FIELDS.filter((field) => fieldErrors[field]?.length);
        if (known.length === 0) return;
        save.reset();
        for (const field of known) {
          form.setError(field, { type: 'server', message: fieldErrors[field]!.join(' ') });
        }
        refused.current = known[0]!;
        setStep('input');
      },
    });
  };

  const failure = save.error
    ? isApiError(save.error) && save.error.isParsedError
      ? save.error.detail
      : intl.formatMessage({ id: 'organizationAdmin.receiptDetails.saveFailed' })
    : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'organizationAdmin.receiptDetails.title' })}
      closeOnEscape={!save.isPending}
      closeOnClickOutside={!save.isPending}
      closeButtonProps={{
        'aria-label': intl.formatMessage({ id: 'organizationAdmin.receiptDetails.close' }),
      }}
    >
      {step === 'input' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void next(event);
          }}
          data-testid="receipt-details-input"
        >
          <Stack gap="sm">
            <Text size="sm">
              <FormattedMessage id="organizationAdmin.receiptDetails.intro" />
            </Text>
            <TextInput
              label={intl.formatMessage({ id: LABELS.name })}
              required
              autoComplete="organization"
              data-autofocus
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label={intl.formatMessage({ id: LABELS.address })}
              required
              autoComplete="address-line1"
              error={errors.address?.message}
              {...form.register('address')}
            />
            <TextInput
              label={intl.formatMessage({ id: LABELS.address2 })}
              autoComplete="address-line2"
              error={errors.address2?.message}
              {...form.register('address2')}
            />
            <TextInput
              label={intl.formatMessage({ id: LABELS.taxId })}
              error={errors.taxId?.message}
              {...form.register('taxId')}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={!name?.trim() || !address?.trim()}>
                <FormattedMessage id="organizationAdmin.receiptDetails.next" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm" data-testid="receipt-details-confirm">
          <Text size="sm">
            <FormattedMessage id="organizationAdmin.receiptDetails.confirmIntro" />
          </Text>
          <Box component="dl" className={receiptClasses.rows}>
            {FIELDS.map((field) => (
              <ConfirmRow key={field} field={field} value={accepted?.[field] ?? ''} />
            ))}
          </Box>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => {
                save.reset();
                setStep('input');
              }}
            >
              <FormattedMessage id="organizationAdmin.receiptDetails.back" />
            </Button>
            <Button ref={confirmRef} loading={save.isPending} onClick={confirm}>
              <FormattedMessage id="organizationAdmin.receiptDetails.confirm" />
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ConfirmRow({ field, value }: { field: Field; value: string }) {
  return (
    <>
      <dt>
        <FormattedMessage id={LABELS[field]} />
      </dt>
      <dd data-testid={`receipt-details-${field}`}>
        {value || <FormattedMessage id="organizationAdmin.receiptDetails.empty" />}
      </dd>
    </>
  );
}
