import { INTERVAL_ACCESS } from '@lectern/domain';
import { Button, Divider, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import type { CurrentEnrollment } from './subscription-api';
import { longDate, longDateTime } from './subscription-dates';
import { chargeOf, endDateOf } from './subscription-status';

interface PlanModalProps {
  enrollment: CurrentEnrollment;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

function Actions({
  confirm,
  danger = false,
  pending,
  onClose,
  onConfirm,
}: {
  confirm: MessageId;
  danger?: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose} disabled={pending}>
        <FormattedMessage id="subscriptions.manage.close" />
      </Button>
      <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
        <FormattedMessage id={confirm} />
      </Button>
    </Group>
  );
}

/** What a team loses when its plan ends, so an owner cancels knowing it. */
function TeamLosses({ enrollment }: { enrollment: CurrentEnrollment }) {
  return (
    <Stack gap={4} data-testid="cancel-team-losses">
      <Text fw={600}>
        <FormattedMessage id="subscriptions.manage.cancelTeamLoses" />
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <FormattedMessage
            id="subscriptions.manage.cancelTeamMembers"
            values={{ members: enrollment.usedLicenseCount }}
          />
        </List.Item>
        <List.Item>
          <FormattedMessage
            id="subscriptions.manage.cancelTeamLicenses"
            values={{ licenses: enrollment.licenseCount }}
          />
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="subscriptions.manage.cancelTeamUndo" />
      </Text>
    </Stack>
  );
}

/**
 * Team-plan §2 cancel modal: the plan stays usable until the end date (and time); a team's
 * owner also reads what the team loses then.
 */
export function CancelPlanModal({ enrollment, opened, pending, onClose, onConfirm }: PlanModalProps) {
  const intl = useIntl();
  const team = enrollment.productType === 'TEAM';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'subscriptions.manage.cancel' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'subscriptions.manage.close' }) }}
    >
      <Stack>
        <Text>
          <FormattedMessage
            id={team ? 'subscriptions.manage.usableUntilTeam' : 'subscriptions.manage.usableUntilPersonal'}
            values={{ date: longDateTime(endDateOf(enrollment), intl.locale) }}
          />
        </Text>
        {team && <TeamLosses enrollment={enrollment} />}
        <Actions
          confirm="subscriptions.manage.cancel"
          danger
          pending={pending}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      </Stack>
    </Modal>
  );
}

function Line({ label, value }: { label: ReactNode; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text>{label}</Text>
      <Text>{value}</Text>
    </Group>
  );
}

/**
 * Team-plan §2 reactivate modal: nothing due today; from the end date on, the licenses, the
 * access period with its subtotal, the estimated tax and the total are charged; the terms.
 */
export function ReactivatePlanModal({ enrollment, opened, pending, onClose, onConfirm }: PlanModalProps) {
  const intl = useIntl();
  const charge = chargeOf(enrollment, intl.locale);
  const date = longDate(endDateOf(enrollment), intl.locale);
  const interval = enrollment.renewalInterval.type;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'subscriptions.manage.reactivateTitle' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'subscriptions.manage.close' }) }}
    >
      <Stack gap="xs">
        <Line label={<FormattedMessage id="subscriptions.manage.totalToday" />} value={charge.zero} />
        <Divider />
        <Text fw={700}>
          <FormattedMessage id="subscriptions.manage.startingOn" values={{ date }} />
        </Text>
        {enrollment.productType === 'TEAM' && enrollment.licenseCount > 0 && (
          <Text>
            <FormattedMessage
              id="subscriptions.manage.userLicenses"
              values={{ count: enrollment.licenseCount }}
            />
          </Text>
        )}
        <Line label={INTERVAL_ACCESS[interval]} value={charge.subtotal} />
        <Line label={<FormattedMessage id="subscriptions.manage.estimatedTax" />} value={charge.tax} />
        <Line label={<FormattedMessage id="subscriptions.manage.total" />} value={charge.total} />
        <Text size="xs" c="dimmed">
          <FormattedMessage id="subscriptions.manage.paymentsStart" values={{ date }} />
        </Text>
        <Actions
          confirm="subscriptions.manage.reactivateConfirm"
          pending={pending}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      </Stack>
    </Modal>
  );
}
