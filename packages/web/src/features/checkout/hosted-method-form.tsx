import {
  DOCUMENT_MAX_LENGTH,
  documentLabel,
  formatDocument,
  formatIban,
  PAYMENT_DEADLINES,
  type PaymentMethodConfig,
} from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainSelect, PlainTextField } from '../../ui/plain-form';
import {
  BOLETO_DOCUMENT_COUNTRY,
  hostedFieldsOf,
  type HostedField,
  type HostedInput,
} from './hosted-method-fields';
import classes from './checkout.module.css';

export interface HostedMethodFormProps {
  method: Pick<PaymentMethodConfig, 'type' | 'name' | 'options'>;
  input: HostedInput;
  errors: Record<HostedField, string | null>;
  onChange: (field: HostedField, value: string) => void;
  onBlur: (field: HostedField) => void;
  disabled: boolean;
}

// Names the fields' ids within the page's island (useStableId), one word apiece.
const HOSTED_FIELD_NAMES: Record<HostedField, string> = {
  issuer_id: 'hosted-bank',
  app_id: 'hosted-app',
  iban: 'hosted-iban',
  holder_name: 'hosted-holder',
  document: 'hosted-document',
};

/** An IBAN with its spaces is at most 34 characters plus 8 spaces. */
const IBAN_INPUT_MAX = 42;

/**
 * A hosted method's form (checkout §1, §9): the bank (iDEAL, net banking), the UPI app
 * (optional), the SEPA account, or Boleto's CPF/CNPJ; then where the buyer goes next.
 */
export function HostedMethodForm({
  method,
  input,
  errors,
  onChange,
  onBlur,
  disabled,
}: HostedMethodFormProps) {
  const intl = useIntl();
  const fields = hostedFieldsOf(method.type);
  const common = (field: HostedField) => ({
    name: HOSTED_FIELD_NAMES[field],
    value: input[field],
    error: errors[field],
    disabled,
    onBlur: () => onBlur(field),
  });
  return (
    <div className={classes.stack}>
      {fields.includes('issuer_id') && (
        <PlainSelect
          label={intl.formatMessage({ id: 'checkout.hosted.bank' })}
          {...common('issuer_id')}
          onChange={(event) => onChange('issuer_id', event.currentTarget.value)}
          options={[
            { value: '', label: intl.formatMessage({ id: 'checkout.hosted.chooseBank' }) },
            ...(method.options.issuers ?? []).map((issuer) => ({
              value: issuer.issuer_id,
              label: issuer.name,
            })),
          ]}
        />
      )}
      {fields.includes('app_id') && (method.options.apps ?? []).length > 0 && (
        <PlainSelect
          label={intl.formatMessage({ id: 'checkout.hosted.upiApp' })}
          {...common('app_id')}
          onChange={(event) => onChange('app_id', event.currentTarget.value)}
          options={[
            { value: '', label: intl.formatMessage({ id: 'checkout.hosted.anyApp' }) },
            ...(method.options.apps ?? []).map((app) => ({ value: app.app_id, label: app.name })),
          ]}
        />
      )}
      {fields.includes('iban') && (
        <PlainTextField
          label={intl.formatMessage({ id: 'checkout.hosted.iban' })}
          autoComplete="off"
          maxLength={IBAN_INPUT_MAX}
          placeholder="NL91 ABNA 0417 1643 00"
          {...common('iban')}
          onChange={(event) => onChange('iban', formatIban(event.currentTarget.value))}
        />
      )}
      {fields.includes('holder_name') && (
        <PlainTextField
          label={intl.formatMessage({ id: 'checkout.hosted.holderName' })}
          autoComplete="name"
          maxLength={100}
          {...common('holder_name')}
          onChange={(event) => onChange('holder_name', event.currentTarget.value)}
        />
      )}
      {fields.includes('document') && (
        <PlainTextField
          label={documentLabel(BOLETO_DOCUMENT_COUNTRY)}
          maxLength={DOCUMENT_MAX_LENGTH}
          {...common('document')}
          onChange={(event) =>
            onChange('document', formatDocument(BOLETO_DOCUMENT_COUNTRY, event.currentTarget.value))
          }
        />
      )}
      <p className={classes.text} data-testid="hosted-next-step">
        <NextStep method={method} />
      </p>
    </div>
  );
}

/** Where the buyer goes after "Complete checkout", by method type. */
function NextStep({ method }: { method: Pick<PaymentMethodConfig, 'type' | 'name'> }) {
  const { type, name } = method;
  if (type === 'ideal' || type === 'netbanking' || type === 'directEbanking') {
    return <FormattedMessage id="checkout.hosted.redirectBank" />;
  }
  if (type === 'sepadirectdebit') return <FormattedMessage id="checkout.hosted.sepa" />;
  if (type === 'boleto') {
    return <FormattedMessage id="checkout.hosted.boleto" values={{ days: PAYMENT_DEADLINES.boletoDays }} />;
  }
  if (type === 'oxxo') {
    return <FormattedMessage id="checkout.hosted.oxxo" values={{ days: PAYMENT_DEADLINES.oxxoDays }} />;
  }
  if (type === 'pix') return <FormattedMessage id="checkout.hosted.pix" />;
  if (type.startsWith('doku_')) {
    return (
      <FormattedMessage id="checkout.hosted.doku" values={{ name, hours: PAYMENT_DEADLINES.dokuHours }} />
    );
  }
  return <FormattedMessage id="checkout.hosted.redirect" values={{ name }} />;
}
