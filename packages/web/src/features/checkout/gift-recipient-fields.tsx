import { GIFT_MESSAGE_MAX_LENGTH, type GiftDetailsField, type OrderSummaryLine } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { PlainButton } from '../../ui/plain-button';
import { PlainTextField } from '../../ui/plain-form';
import { PlainTextArea } from '../../ui/plain-text-area';
import { PlainHeading } from '../../ui/plain-heading';
import { buyableKey } from '../cart/cart-state';
import classes from './checkout.module.css';
import { dateOfDay, deliveryDateBounds } from './gift-recipients';
import { GIFT_FIELD_ATTRIBUTE, giftFieldName, type GiftRecipientsState } from './use-gift-recipients';

/**
 * "Who is this gift for?": one group of fields per gift line of the checkout (the recipient's
 * e-mail, their name, a message, the delivery date), above the billing address. Plain elements
 * (ui/plain-form): the checkout is an island page (decision 0026).
 */
export function GiftRecipientFields({
  gifts,
  lines,
  disabled,
}: {
  gifts: GiftRecipientsState;
  /** The order summary's lines: they name the course each gift is of. */
  lines: readonly OrderSummaryLine[];
  disabled: boolean;
}) {
  const titleOf = (key: string) => lines.find((line) => buyableKey(line.buyable) === key)?.title ?? '';
  return (
    <>
      {gifts.keys.map((key) => (
        <GiftRecipient key={key} giftKey={key} title={titleOf(key)} gifts={gifts} disabled={disabled} />
      ))}
    </>
  );
}

function GiftRecipient({
  giftKey,
  title,
  gifts,
  disabled,
}: {
  giftKey: string;
  title: string;
  gifts: GiftRecipientsState;
  disabled: boolean;
}) {
  const intl = useIntl();
  const value = gifts.valueOf(giftKey);
  const errors = gifts.errorsOf(giftKey);
  const { min, max } = deliveryDateBounds(gifts.today);
  // Element names and ids within the island: the key without its colon.
  const base = giftKey.replace(':', '-');
  const text = (id: MessageId) => intl.formatMessage({ id });
  const bind = (field: GiftDetailsField) => ({
    name: `${base}-${field.replace('_', '-')}`,
    value: value[field],
    error: errors[field] ?? null,
    disabled,
    [GIFT_FIELD_ATTRIBUTE]: giftFieldName(giftKey, field),
    onChange: (event: { currentTarget: { value: string } }) =>
      gifts.change(giftKey, field, event.currentTarget.value),
    onBlur: () => gifts.blur(giftKey, field),
  });
  const deliverOn = value.deliver_on;

  return (
    <fieldset className={classes.giftFieldset} data-testid="gift-recipient">
      <legend className={classes.giftLegend}>
        <PlainHeading order={2}>
          <FormattedMessage id="checkout.gift.heading" />
        </PlainHeading>
        <span className={classes.note}>
          <FormattedMessage id="checkout.gift.of" values={{ title }} />
        </span>
      </legend>
      <PlainTextField
        {...bind('recipient_email')}
        label={text('checkout.gift.email')}
        description={text('checkout.gift.emailHint')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        required
      />
      <PlainTextField {...bind('recipient_name')} label={text('checkout.gift.name')} autoComplete="off" />
      <PlainTextArea
        {...bind('message')}
        label={text('checkout.gift.message')}
        description={text('checkout.gift.messageHint')}
        rows={3}
        counter={intl.formatMessage(
          { id: 'checkout.gift.messageCount' },
          { count: value.message.trim().length, max: GIFT_MESSAGE_MAX_LENGTH },
        )}
      />
      <PlainTextField
        {...bind('deliver_on')}
        label={text('checkout.gift.date')}
        description={
          deliverOn && !errors.deliver_on
            ? intl.formatMessage(
                { id: 'checkout.gift.dateChosen' },
                { date: intl.formatDate(dateOfDay(deliverOn), { dateStyle: 'long' }) },
              )
            : text('checkout.gift.dateHint')
        }
        type="date"
        min={min}
        max={max}
      />
      {deliverOn && (
        <PlainButton
          variant="subtle"
          className={classes.giftSendNow}
          disabled={disabled}
          onClick={() => {
            gifts.change(giftKey, 'deliver_on', '');
            // The button goes away with the date: the focus goes back to the date's field.
            document
              .querySelector<HTMLElement>(
                `[${GIFT_FIELD_ATTRIBUTE}="${giftFieldName(giftKey, 'deliver_on')}"]`,
              )
              ?.focus();
          }}
        >
          <FormattedMessage id="checkout.gift.sendNow" />
        </PlainButton>
      )}
    </fieldset>
  );
}
