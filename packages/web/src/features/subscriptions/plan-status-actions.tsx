import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { CurrentEnrollment } from './subscription-api';
import { CancelPlanModal, ReactivatePlanModal } from './subscription-plan-modals';
import { useEnrollmentChange, type EnrollmentChange } from './use-enrollment-change';

/**
 * Team-plan §4 action of a plan's status: 'Cancel subscription' in trial or active,
 * 'Reactivate subscription' when cancelled (each through its confirmation modal and the
 * GraphQL mutation), 'Resubscribe' (to `resubscribeTo`) when expired. One place for the
 * learner's manage page and the organization admin's subscription page.
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
  const { status } = enrollment;
  return (
    <>
      <Group>
        {(status === 'TRIAL' || status === 'ACTIVE') && (
          <Button color="red" variant="outline" onClick={() => setModal('cancel')}>
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
        opened={modal === 'cancel'}
        pending={change.isPending}
        onClose={() => setModal(null)}
        onConfirm={() => change.mutate('cancel')}
      />
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
