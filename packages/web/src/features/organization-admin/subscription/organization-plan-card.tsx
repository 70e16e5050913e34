import { PAGE_ROUTES, TEAM_PLAN_LICENSES } from '@lectern/domain';
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PaymentIssueBanner } from '../../subscriptions/payment-issue-banner';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { ExpiredPlanBanner, LicenseUsage } from '../../subscriptions/subscription-plan-card';
import { salesLinkProps, useSalesLinks } from '../../subscriptions/subscription-links';
import { PlanStatusActions } from '../../subscriptions/plan-status-actions';
import { STATUS_BADGE, planRows } from '../../subscriptions/subscription-status';
import { upsellPath } from '../shell/organization-plan';
import { useActivePaymentMethod } from '../payment-method/organization-admin-api';
import { PaymentMethodRow } from '../payment-method/payment-method-row';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={700}>{label}</Text>
      {children}
    </Stack>
  );
}

/** Team-plan §2 'Need more than {max} licenses?': the Enterprise Plan, through sales. */
function EnterpriseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const sales = useSalesLinks();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage(
        { id: 'organizationAdmin.subscription.enterpriseTitle' },
        { max: TEAM_PLAN_LICENSES.maximum },
      )}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'subscriptions.manage.close' }) }}
    >
      <Stack>
        <Text>
          <FormattedMessage id="subscriptions.licenses.enterprise" />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <FormattedMessage id="subscriptions.manage.close" />
          </Button>
          <Button component="a" {...salesLinkProps(sales.enterprise_upgrade_url)}>
            <FormattedMessage id="subscriptions.licenses.upgrade" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Team-plan §2 and §4 Team Plan card of the organization's subscription management: status
 * ribbon, start row, end row with its helper text and the action of the status, the licenses
 * row ('Add licenses' or the Enterprise modal at the ceiling, 'Manage users', the reduce-licenses
 * address), with the expired and past-due banners above it.
 */
export function OrganizationPlanCard({ enrollment }: { enrollment: CurrentEnrollment }) {
  const intl = useIntl();
  const [enterpriseOpen, setEnterpriseOpen] = useState(false);
  const [expiredBannerShown, setExpiredBannerShown] = useState(true);
  const sales = useSalesLinks();
  const { status } = enrollment;
  const expired = status === 'EXPIRED';
  // Licenses are added to a plan that renews; a cancelled one is reactivated first.
  const growable = status === 'ACTIVE' || status === 'TRIAL';
  const card = useActivePaymentMethod(Number(enrollment.subscriber.id));
  const storedCard = card.isSuccess ? !!card.data.spm_info.data?.payment_method_details.card : undefined;
  const rows = planRows(enrollment, intl, new Date(), storedCard);
  const badge = STATUS_BADGE[status];
  const atCeiling = enrollment.licenseCount >= TEAM_PLAN_LICENSES.maximum;
  return (
    <Stack gap="md">
      {expired && expiredBannerShown && <ExpiredPlanBanner onClose={() => setExpiredBannerShown(false)} />}
      {enrollment.paymentIssue && (
        <PaymentIssueBanner
          issue={enrollment.paymentIssue}
          updateCardTo={PAGE_ROUTES.organizationBillingPayment}
        />
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="organization-plan-name">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} id="organization-plan-name">
              <FormattedMessage id="subscriptions.manage.teamPlan" />
            </Title>
            <Badge color={badge.color} data-testid="subscription-status">
              <FormattedMessage id={badge.id} />
            </Badge>
          </Group>
          <Row label={rows.start.label} testId="subscription-start">
            <Text>{rows.start.value}</Text>
          </Row>
          <Row label={rows.end.label}>
            <Text data-testid="subscription-end">{rows.end.value}</Text>
            <Text size="sm" c="dimmed" data-testid="subscription-end-help">
              {rows.end.help}
            </Text>
            <PlanStatusActions enrollment={enrollment} resubscribeTo={PAGE_ROUTES.teamPlanResubscribe} />
          </Row>
          <PaymentMethodRow status={status} />
          <Stack gap={4} data-testid="subscription-licenses">
            <LicenseUsage enrollment={enrollment} />
            <Group mt="xs">
              {growable &&
                (atCeiling ? (
                  <Button variant="light" onClick={() => setEnterpriseOpen(true)}>
                    <FormattedMessage id="subscriptions.manage.addLicenses" />
                  </Button>
                ) : (
                  <Button component={Link} to={upsellPath(enrollment)} variant="light">
                    <FormattedMessage id="subscriptions.manage.addLicenses" />
                  </Button>
                ))}
              {expired ? (
                <Button variant="default" disabled>
                  <FormattedMessage id="organizationAdmin.subscription.manageUsers" />
                </Button>
              ) : (
                <Button component={Link} to={PAGE_ROUTES.organizationUsers} variant="default">
                  <FormattedMessage id="organizationAdmin.subscription.manageUsers" />
                </Button>
              )}
            </Group>
            {!expired && (
              <Text size="sm" c="dimmed">
                <FormattedMessage
                  id="organizationAdmin.subscription.reduceLicenses"
                  values={{
                    email: (
                      <Anchor href={`mailto:${sales.email}`} underline="always">
                        {sales.email}
                      </Anchor>
                    ),
                  }}
                />
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>
      <EnterpriseModal opened={enterpriseOpen} onClose={() => setEnterpriseOpen(false)} />
    </Stack>
  );
}
