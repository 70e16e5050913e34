import { ConfirmActionModal } from '../../../ui/confirm-action-modal';
import { PAGE_ROUTES } from '@lectern/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback/feedback-provider';
import { isApiError } from '../../../platform/api';
import { longDate } from '../../subscriptions/subscription-dates';
import type { PlanPanelFacts } from '@lectern/domain';
import { useRemoveCard } from './admin-overview-api';
import { CardLabel } from '../billing/billing-panel';
import { CardUpdateForm } from '../payment-method/card-update-form';
import { useActivePaymentMethod } from '../payment-method/organization-admin-api';

/** The 'Delete payment method' confirmation: automatic renewal goes off with the card. */
function DeleteCardModal({
  opened,
  facts,
  onClose,
  organizationId,
}: {
  opened: boolean;
  facts: PlanPanelFacts;
  onClose: () => void;
  organizationId: number;
}) {
  const intl = useIntl();
  const feedback = useFeedback();
  const remove = useRemoveCard(organizationId);
  const refusal = remove.error && isApiError(remove.error) ? remove.error.detail : null;
  return (
    <ConfirmActionModal
      opened={opened}
      title={intl.formatMessage({ id: 'organizationAdmin.cardPanel.deleteTitle' })}
      error={
        remove.isError
          ? (refusal ?? <FormattedMessage id="organizationAdmin.cardPanel.deleteFailed" />)
          : null
      }
      cancelLabel={intl.formatMessage({ id: 'organizationAdmin.cardPanel.close' })}
      confirmLabel={intl.formatMessage({ id: 'organizationAdmin.cardPanel.delete' })}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            feedback.push({
              kind: 'banner',
              variant: 'success',
              text: intl.formatMessage({ id: 'organizationAdmin.cardPanel.deleted' }),
            });
            onClose();
          },
        })
      }
    >
      <Text>
        <FormattedMessage
          id="organizationAdmin.cardPanel.deleteText"
          values={{ date: longDate(facts.endDate, intl.locale) }}
        />
      </Text>
    </ConfirmActionModal>
  );
}

/**
 * Team-plan §2 "Older billing screens" payment card panel: view mode (the card, update, delete)
 * or edit mode (the card form). Saving a card goes to the billing page and leaves edit mode;
 * Cancel leaves edit mode. Deleting the card turns automatic renewal off (team-plan §4).
 */
export function CardPanel({ organizationId, facts }: { organizationId: number; facts: PlanPanelFacts }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const query = useActivePaymentMethod(organizationId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const card = query.data?.spm_info.data?.payment_method_details.card;
  const expired = facts.status === 'EXPIRED';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="overview-card">
      <Stack gap="sm">
        <Title order={2} size="h3" id="overview-card">
          <FormattedMessage id="organizationAdmin.cardPanel.heading" />
        </Title>
        {editing ? (
          <CardUpdateForm
            onCancel={() => setEditing(false)}
            onUpdated={() => {
              setEditing(false);
              void navigate(PAGE_ROUTES.organizationBilling);
            }}
          />
        ) : (
          <>
            {card ? (
              <CardLabel
                brand={card.brand}
                masked={intl.formatMessage(
                  { id: 'organizationAdmin.paymentMethod.masked' },
                  { last4: card.last_4_digit ?? '' },
                )}
              />
            ) : (
              query.isSuccess && (
                <Text size="sm">
                  <FormattedMessage id="organizationAdmin.paymentMethod.none" />
                </Text>
              )
            )}
            <Group>
              <Button variant="light" disabled={!query.isSuccess || expired} onClick={() => setEditing(true)}>
                <FormattedMessage
                  id={card ? 'organizationAdmin.paymentMethod.update' : 'organizationAdmin.cardPanel.add'}
                />
              </Button>
              {card && (
                <Button variant="subtle" color="red" disabled={expired} onClick={() => setDeleting(true)}>
                  <FormattedMessage id="organizationAdmin.cardPanel.deleteTitle" />
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      <DeleteCardModal
        opened={deleting}
        facts={facts}
        onClose={() => setDeleting(false)}
        organizationId={organizationId}
      />
    </Paper>
  );
}
