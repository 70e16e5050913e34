import type { ActivityItem, ActivityKind, OrganizationRole } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import type { SubscriptionReceipts } from '../subscriptions/subscription-receipts.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';
import { createOrganizationAdminRepository } from './organization-admin.repository.js';

/** How many lines the overview shows. */
export const ACTIVITY_LIMIT = 10;

const fullName = (person: { name: string; surname: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

/** The kinds whose `detail` is the invited address (the people lines name the member instead). */
const INVITATION_KINDS: ReadonlySet<ActivityKind> = new Set([
  'invitation_sent',
  'invitation_accepted',
  'invitation_withdrawn',
]);

/**
 * The organization's recent activity (the admin overview), merged from two sources: the
 * audit log, written with every change of its people (invitations sent, accepted and
 * withdrawn, role changes, removals, ownership handed over: who, to whom, the role before and
 * after), and the records the plan already keeps (its start and cancellation, its charges, the
 * last edits of the billing information and the card), which are not logged a second time.
 */
export function createOrganizationActivity(deps: {
  db: Database;
  subscriptions: SubscriptionsService;
  receipts: SubscriptionReceipts;
  users: UsersService;
}) {
  const repository = createOrganizationAdminRepository(deps.db);

  return async function recentActivity(organizationId: number, limit: number): Promise<ActivityItem[]> {
    const subscriber = { type: 'organization' as const, id: organizationId };
    const [enrollment, profile, charges, audited] = await Promise.all([
      deps.subscriptions.currentEnrollmentOf(subscriber),
      deps.subscriptions.billingProfileOf(subscriber),
      deps.receipts.recentCharges(subscriber, limit, 'en-US'),
      repository.recentAudit(organizationId, limit),
    ]);
    const people = new Map(
      (
        await deps.users.contacts([
          ...new Set(
            [
              profile?.billingUpdatedBy,
              profile?.cardUpdatedBy,
              ...audited.flatMap((row) => [row.actorId, row.targetUserId]),
            ].filter((id): id is number => typeof id === 'number'),
          ),
        ])
      ).map((person) => [person.id, fullName(person)]),
    );
    const nameOf = (id: number | null | undefined) =>
      typeof id === 'number' ? people.get(id) || null : null;
    const items: ActivityItem[] = [];
    const add = (
      kind: ActivityKind,
      at: Date | null | undefined,
      actor: string | null,
      detail: string | null,
      roles: { fromRole: OrganizationRole | null; toRole: OrganizationRole | null } = {
        fromRole: null,
        toRole: null,
      },
    ) => {
      if (at) items.push({ kind, date: at.toISOString(), actor, detail, ...roles });
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
    for (const row of audited) {
      // A member is named as they are called now; an address stands for someone gone.
      const target = INVITATION_KINDS.has(row.action)
        ? row.targetEmail
        : nameOf(row.targetUserId) || row.targetEmail;
      add(row.action, row.createdAt, nameOf(row.actorId), target, {
        fromRole: row.roleBefore,
        toRole: row.roleAfter,
      });
    }
    add('billing_information_edited', profile?.billingUpdatedAt, nameOf(profile?.billingUpdatedBy), null);
    add('payment_method_changed', profile?.cardUpdatedAt, nameOf(profile?.cardUpdatedBy), null);
    // A stable order for lines of the same instant (a transfer writes two): the sort keeps input order.
    return items.sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
  };
}

export type OrganizationActivity = ReturnType<typeof createOrganizationActivity>;
