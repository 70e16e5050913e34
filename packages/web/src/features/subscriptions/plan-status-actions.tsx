import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { RetentionDiscountNote, RetentionOfferModal } from './retention-offer-modal';
import type { CurrentEnrollment } from './subscription-api';
import { CancelPlanModal, ReactivatePlanModal } from './subscription-plan-modals';
import { useEnrollmentChange, type EnrollmentChange } from './use-enrollment-change';
import {
  acceptErrorOf,
  useAcceptRetentionOffer,
  useForgetRetentionOffer,
  useRetentionOffer,
} from './use-retention-offer';

/**
 * Team-plan §4 action of a plan's status: 'Cancel subscription' in trial or active,
 * 'Reactivate subscription' when cancelled (each through its confirmation modal and the
 * GraphQL mutation), 'Resubscribe' (to `resubscribeTo`) when expired. One place for the
 * learner's manage page and the organization admin's subscription page. A Personal Plan with a
 * retention offer (decision 0029) shows the offer instead of the plain cancel confirmation.
 */
export function PlanStatusActions({
  enrollment,
  resubscribeTo,
}: {
  enrollment: CurrentEnrollment;
  resubscribeTo: string;
}) {
  const [modal, setModal] = useState<EnrollmentChange | null>(null);
  const change = useEnrollmentChange(enrollment, () => setModal(null));
  const retention = useRetentionOffer(enrollment);
  const offer = retention.data?.available ? retention.data.offer : null;
  const forgetOffer = useForgetRetentionOffer(enrollment);
  const accept = useAcceptRetentionOffer(enrollment, () => setModal(null));
  const { status } = enrollment;
  // Cancelling a plan whose offer is still being read waits for it (the button spins), so the
  // learner sees the offer or the plain confirmation, never one and then the other.
  const waitingForOffer = modal === 'cancel' && retention.isLoading;
  const closeRetention = () => {
    setModal(null);
    // A refused acceptance may mean the offer is gone: ask again for the next press.
    if (accept.isError) forgetOffer();
    accept.reset();
  };
  return (
    <>
      {retention.data?.accepted && (status === 'ACTIVE' || status === 'TRIAL') && (
        <RetentionDiscountNote offer={retention.data.accepted} />
      )}
      <Group>
        {(status === 'TRIAL' || status === 'ACTIVE') && (
          <Button color="red" variant="outline" loading={waitingForOffer} onClick={() => setModal('cancel')}>
            <FormattedMessage id="subscriptions.manage.cancel" />
          </Button>
        )}
        {status === 'CANCELED' && (
          <Button onClick={() => setModal('reactivate')}>
            <FormattedMessage id="subscriptions.manage.reactivate" />
          </Button>
        )}
        {status === 'EXPIRED' && (
          <Button component={Link} to={resubscribeTo}>
            <FormattedMessage id="subscriptions.manage.resubscribe" />
          </Button>
        )}
      </Group>
      <CancelPlanModal
        enrollment={enrollment}
        opened={modal === 'cancel' && !offer && !waitingForOffer}
        pending={change.isPending}
        onClose={() => setModal(null)}
        onConfirm={() => change.mutate('cancel')}
      />
      {offer && (
        <RetentionOfferModal
          enrollment={enrollment}
          offer={offer}
          opened={modal === 'cancel'}
          accepting={accept.isPending}
          cancelling={change.isPending}
          error={accept.isError ? acceptErrorOf(accept.error) : null}
          onAccept={() => accept.mutate(offer.offer_id)}
          onDecline={() => {
            accept.reset();
            change.mutate('cancel');
          }}
          onClose={closeRetention}
        />
      )}
      <ReactivatePlanModal
        enrollment={enrollment}
        opened={modal === 'reactivate'}
        pending={change.isPending}
        onClose={() => setModal(null)}
        onConfirm={() => change.mutate('reactivate')}
      />
    </>
  );
}
