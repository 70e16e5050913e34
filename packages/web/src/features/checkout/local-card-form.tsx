import {
  DOCUMENT_MAX_LENGTH,
  documentLabel,
  formatDocument,
  type PaymentMethodConfig,
} from '@lectern/domain';
import { useIntl } from 'react-intl';
import { PlainSelect, PlainTextField } from '../../ui/plain-form';
import { CardForm, type CardFormProps } from './card-form';
import {
  installmentChoices,
  isDocumentShown,
  type LocalCardExtraField,
  type LocalCardExtras,
} from './local-card-fields';
import classes from './checkout.module.css';

export interface LocalCardFormProps extends Pick<
  CardFormProps,
  'input' | 'errors' | 'onChange' | 'onBlur' | 'brands' | 'disabled'
> {
  method: Pick<PaymentMethodConfig, 'options'>;
  /** The billing country decides the document (checkout §5). */
  country: string;
  extras: LocalCardExtras;
  extraErrors: Record<LocalCardExtraField, string | null>;
  onExtrasChange: (extras: LocalCardExtras) => void;
  onExtraBlur: (field: LocalCardExtraField) => void;
}

/**
 * A local-method card form (checkout §2, §5): the card fields of the card form (the local
 * provider stores no card, so no remember-me), then the country's document when the method
 * enables it (formatted as typed, at most 25 characters) and the installment select.
 */
export function LocalCardForm({
  method,
  country,
  extras,
  extraErrors,
  onExtrasChange,
  onExtraBlur,
  disabled,
  ...card
}: LocalCardFormProps) {
  const intl = useIntl();
  const choices = installmentChoices(method);
  return (
    <div className={classes.stack}>
      <CardForm
        {...card}
        disabled={disabled}
        rememberMe={null}
        onRememberMeChange={() => undefined}
        securityCodeLabel="cvv"
      />
      {isDocumentShown(method) && (
        <PlainTextField
          label={documentLabel(country)}
          name="local-document"
          maxLength={DOCUMENT_MAX_LENGTH}
          value={extras.document}
          error={extraErrors.document}
          disabled={disabled}
          onChange={(event) =>
            onExtrasChange({ ...extras, document: formatDocument(country, event.currentTarget.value) })
          }
          onBlur={() => onExtraBlur('document')}
        />
      )}
      {choices && (
        <PlainSelect
          label={intl.formatMessage({ id: 'checkout.localCard.installments' })}
          name="local-installments"
          value={extras.installment === null ? '' : String(extras.installment)}
          error={extraErrors.installment}
          disabled={disabled}
          onChange={(event) => {
            const value = Number(event.currentTarget.value);
            onExtrasChange({ ...extras, installment: value > 0 ? value : null });
          }}
          onBlur={() => onExtraBlur('installment')}
          options={[
            { value: '', label: intl.formatMessage({ id: 'checkout.localCard.chooseInstallments' }) },
            ...choices.map((count) => ({
              value: String(count),
              label: intl.formatMessage({ id: 'checkout.localCard.installmentOption' }, { count }),
            })),
          ]}
        />
      )}
    </div>
  );
}
