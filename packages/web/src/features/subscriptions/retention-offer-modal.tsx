import type { RetentionOfferView } from '@lectern/domain';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import type { CurrentEnrollment } from './subscription-api';
import { longDate, longDateTime } from './subscription-dates';
import { endDateOf } from './subscription-status';
import { useMoneyFormat } from './use-retention-offer';

/** The offer's figures as its messages take them. */
function useOfferValues(offer: RetentionOfferView) {
  const intl = useIntl();
  const format = useMoneyFormat();
  return {
    // ICU's percent style: 0.5 is "50%" in English, "50 %" in Spanish.
    percent: offer.percent_off / 100,
    periods: offer.periods,
    interval: offer.renewal_interval.type,
    discounted: format(offer.discounted_price),
    regular: format(offer.regular_price),
    savings: format(offer.total_savings),
    date: longDate(offer.discount_starts_at, intl.locale),
    regularFrom: longDate(offer.discount_ends_at, intl.locale),
  };
}

/**
 * Issue 19 (decision 0029): what a Personal Plan subscriber sees on pressing 'Cancel
 * subscription' while their plan has a retention offer: the offer in their currency and its
 * terms, 'Accept offer', and 'No thanks, cancel', which cancels at once as the plain dialog
 * would (the access date is stated here too). A refused acceptance is said in the dialog.
 */
export function RetentionOfferModal({
  enrollment,
  offer,
  opened,
  accepting,
  cancelling,
  error,
  onAccept,
  onDecline,
  onClose,
}: {
  enrollment: CurrentEnrollment;
  offer: RetentionOfferView;
  opened: boolean;
  accepting: boolean;
  cancelling: boolean;
  /** Why the last acceptance failed, if it did. */
  error: MessageId | null;
  onAccept: () => void;
  onDecline: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const values = useOfferValues(offer);
  const busy = accepting || cancelling;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={intl.formatMessage({ id: 'subscriptions.retention.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'subscriptions.manage.close' }) }}
    >
      <Stack gap="sm" data-testid="retention-offer">
        <Title order={3} size="h4">
          <FormattedMessage id="subscriptions.retention.headline" values={values} />
        </Title>
        <Text>
          <FormattedMessage id="subscriptions.retention.terms" values={values} />
        </Text>
        <Text size="sm">
          <FormattedMessage id="subscriptions.retention.savings" values={values} />
        </Text>
        {offer.discounted_tax.amount > 0 && (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="subscriptions.retention.taxIncluded" />
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="retention-offer-error">
            <FormattedMessage id={error} />
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="subscriptions.retention.ifYouCancel"
            values={{ date: longDateTime(endDateOf(enrollment), intl.locale) }}
          />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDecline} loading={cancelling} disabled={accepting}>
            <FormattedMessage id="subscriptions.retention.decline" />
          </Button>
          <Button onClick={onAccept} loading={accepting} disabled={cancelling}>
            <FormattedMessage id="subscriptions.retention.accept" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The offer accepted earlier, while it lasts: what the learner pays and until when. */
export function RetentionDiscountNote({ offer }: { offer: RetentionOfferView }) {
  const values = useOfferValues(offer);
  return (
    <Text size="sm" data-testid="retention-offer-running">
      <FormattedMessage id="subscriptions.retention.running" values={values} />
    </Text>
  );
}
