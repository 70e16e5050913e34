import type { TaxRateChange } from '@lectern/domain';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFeedback } from '../../../app/feedback/feedback-provider';
import { useMe, useUserContext } from '../../../app/user-context/use-user-context';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { BillingHistoryPanel } from './billing-history-panel';
import { BillingInformationPanel } from './billing-information-panel';
import { EditBillingModal } from './edit-billing-modal';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { NoTeamPlan, WithOrganizationPlan } from '../shell/with-organization-plan';
import { PaymentMethodPanel } from './payment-method-panel';
import { TaxRateChangeBanner } from './tax-rate-change-banner';

/** Team-plan §2 support note, pointing to the help centre of the user context's configuration. */
function SupportNote() {
  const help = useUserContext().config?.urls.help;
  if (!help) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="billing-support">
      <FormattedMessage
        id="organizationAdmin.billing.support"
        values={{
          link: (chunks) => (
            <Anchor href={help} underline="always">
              {chunks}
            </Anchor>
          ),
        }}
      />
    </Text>
  );
}

/** The three panels of a Team Plan, the edit modal and the tax-rate-change banner it may raise. */
function BillingOverview({ organizationId, plan }: { organizationId: number; plan: CurrentEnrollment }) {
  const feedback = useFeedback();
  const [editing, setEditing] = useState(false);
  const [taxChange, setTaxChange] = useState<TaxRateChange | null>(null);
  return (
    <Stack gap="lg">
      {taxChange && <TaxRateChangeBanner change={taxChange} onClose={() => setTaxChange(null)} />}
      <BillingInformationPanel
        organizationId={organizationId}
        expired={plan.status === 'EXPIRED'}
        onEdit={() => setEditing(true)}
      />
      <PaymentMethodPanel organizationId={organizationId} status={plan.status} />
      <BillingHistoryPanel organizationId={organizationId} />
      <SupportNote />
      <EditBillingModal
        opened={editing}
        organizationId={organizationId}
        enrollment={plan}
        onClose={() => setEditing(false)}
        onSaved={(result) => {
          setEditing(false);
          setTaxChange(result.data.tax_rate_change ?? null);
          if (result.message) feedback.push({ kind: 'toast', variant: 'success', text: result.message });
        }}
      />
    </Stack>
  );
}

function BillingContent() {
  const intl = useIntl();
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  return (
    <WithOrganizationPlan
      loading={
        <Stack
          gap="md"
          role="status"
          aria-label={intl.formatMessage({ id: 'organizationAdmin.billing.loading' })}
        >
          <Skeleton height={140} radius="md" />
          <Skeleton height={80} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      }
    >
      {(plan) =>
        plan && organizationId !== undefined ? (
          <BillingOverview organizationId={organizationId} plan={plan} />
        ) : (
          <NoTeamPlan />
        )
      }
    </WithOrganizationPlan>
  );
}

/**
 * `/organization-manage-v2/settings/billing/` (team-plan §2 "Billing overview"): once the current
 * enrollment is known, the organization's billing information, its card and its billing history;
 * an organization without a Team Plan is pointed to the Team Plan checkout.
 */
export function OrganizationBillingPage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout
      title={intl.formatMessage({ id: 'organizationAdmin.billing.title' })}
      subtitle={intl.formatMessage({ id: 'organizationAdmin.billing.subtitle' })}
    >
      <BillingContent />
    </OrganizationAdminLayout>
  );
}
