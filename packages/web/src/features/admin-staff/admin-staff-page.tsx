import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { InviteStaffAction } from './invite-staff-modal';
import { RefundLimits } from './refund-limits';
import { SalesContact } from './sales-contact';
import { StaffInvitations } from './staff-invitations';
import { StaffMembers } from './staff-members';
import { StaffNotice } from './staff-notice';

export { STAFF_ROLE_DESCRIPTIONS } from './staff-roles';

/**
 * `/admin/staff/` (issue 32): the marketplace's staff and their roles. Owners change roles,
 * remove members, invite people by e-mail (the mail is in the outbox; the link works for 7
 * days), withdraw open invitations, set the support refund limit per currency and the sales
 * links of the Team Plan pages (issue 34). Everyone else on the staff sees who is on it.
 */
export function AdminStaffPage() {
  return (
    <AdminLayout
      title="Staff"
      subtitle="Who runs the marketplace, and what each role may do."
      actions={<InviteStaffAction />}
    >
      <StaffPage />
    </AdminLayout>
  );
}

/** The page body: members, open invitations (owners only), the support refund limits and the sales links. */
function StaffPage() {
  const mayManage = useStaffMay('staff.manage');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <StaffNotice text={notice} onClose={() => setNotice(null)} />
      <Stack gap="sm" component="section" aria-labelledby="staff-members-heading">
        <Title order={2} size="h3" id="staff-members-heading">
          Members
        </Title>
        <StaffMembers onChanged={setNotice} />
      </Stack>
      {mayManage && (
        <Stack gap="sm" component="section" aria-labelledby="staff-invitations-heading">
          <Title order={2} size="h3" id="staff-invitations-heading">
            Open invitations
          </Title>
          <StaffInvitations onChanged={setNotice} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="refund-limits-heading">
        <Title order={2} size="h3" id="refund-limits-heading">
          Support refund limits
        </Title>
        <Text size="sm" c="dimmed">
          The most a <strong>Support</strong> member may refund at once, per currency. In a currency without a
          limit, Support cannot refund at all. Owners and Finance have no limit.
        </Text>
        <RefundLimits onChanged={setNotice} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="sales-contact-heading">
        <Title order={2} size="h3" id="sales-contact-heading">
          Sales links
        </Title>
        <Text size="sm" c="dimmed">
          Where the Team Plan pages send people who ask for a demo, the Enterprise Plan or fewer licenses.
          Each must be an https:// page or a mailto: address; leave one empty for this shop’s own support page
          and support address.
        </Text>
        <SalesContact onChanged={setNotice} />
      </Stack>
    </Stack>
  );
}
