import type { ActivityItem, ActivityKind } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import type { SubscriptionReceipts } from '../subscriptions/subscription-receipts.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';
import { createOrganizationAdminRepository } from './organization-admin.repository.js';

/** How many lines the overview shows. */
export const ACTIVITY_LIMIT = 10;

const fullName = (person: { name: string; surname: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

/**
 * The organization's recent activity (the admin overview), read from the records the plan
 * already keeps: its start and cancellation, its charges, the invitations, and the last edits
 * of the billing information and the card. Nothing is written twice to feed it; what leaves no
 * record (a role change, a removal) is not shown.
 */
export function createOrganizationActivity(deps: {
  db: Database;
  subscriptions: SubscriptionsService;
  receipts: SubscriptionReceipts;
  users: UsersService;
}) {
  const invitations = createOrganizationAdminRepository(deps.db);

  return async function recentActivity(organizationId: number, limit: number): Promise<ActivityItem[]> {
    const subscriber = { type: 'organization' as const, id: organizationId };
    const [enrollment, profile, charges, invited] = await Promise.all([
      deps.subscriptions.currentEnrollmentOf(subscriber),
      deps.subscriptions.billingProfileOf(subscriber),
      deps.receipts.recentCharges(subscriber, limit, 'en-US'),
      invitations.recentlyChanged(organizationId, limit),
    ]);
    const people = new Map(
      (
        await deps.users.contacts([
          ...new Set(
            [
              profile?.billingUpdatedBy,
              profile?.cardUpdatedBy,
              ...invited.map((row) => row.invitedBy),
            ].filter((id): id is number => typeof id === 'number'),
          ),
        ])
      ).map((person) => [person.id, fullName(person)]),
    );
    const nameOf = (id: number | null | undefined) =>
      typeof id === 'number' ? (people.get(id) ?? null) : null;
    const items: ActivityItem[] = [];
    const add = (
      kind: ActivityKind,
      at: Date | null | undefined,
      actor: string | null,
      detail: string | null,
    ) => {
      if (at) items.push({ kind, date: at.toISOString(), actor, detail });
    };
    if (enrollment) {
      add('plan_started', enrollment.createdAt, null, null);
      if (enrollment.status === 'CANCELED') add('plan_cancelled', enrollment.cancelDate, null, null);
    }
    for (const charge of charges) {
      add(
        charge.status === 'succeeded' ? 'payment_succeeded' : 'payment_failed',
        new Date(charge.date),
        null,
        charge.amount_text,
      );
    }
    for (const row of invited) {
      add('invitation_sent', row.createdAt, nameOf(row.invitedBy), row.email);
      add('invitation_accepted', row.acceptedAt, null, row.email);
      add('invitation_withdrawn', row.revokedAt, null, row.email);
    }
    add('billing_information_edited', profile?.billingUpdatedAt, nameOf(profile?.billingUpdatedBy), null);
    add('payment_method_changed', profile?.cardUpdatedAt, nameOf(profile?.cardUpdatedBy), null);
    return items.sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
  };
}

export type OrganizationActivity = ReturnType<typeof createOrganizationActivity>;
