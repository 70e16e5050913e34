import type { OrganizationRole } from '../context/user-context.js';

/**
 * What the organization admin API answers for the admin overview (team-plan §2): the older
 * plan panel's facts and the recent activity. One shape for the server's answer and the page.
 */

/** Team-plan §2 "Older billing screens": the current plan's facts for the plan panel. */
export interface PlanPanelFacts {
  enrollmentId: number;
  status: 'TRIAL' | 'ACTIVE' | 'CANCELED' | 'EXPIRED' | 'FUTURE';
  /** A trial with no card stored: nothing will be charged when it ends. */
  isPreview: boolean;
  /** In its trial: the team's access ends with the trial unless the plan is paid. */
  isLimitedConsumptionTrial: boolean;
  usedLicenses: number;
  totalLicenses: number;
  endDate: string;
  /** The plan renews at its end: not cancelled, and a card to charge is stored. */
  autoRenew: boolean;
  hasPaymentMethod: boolean;
}

export const ACTIVITY_KINDS = [
  'plan_started',
  'plan_cancelled',
  'payment_succeeded',
  'payment_failed',
  'invitation_sent',
  'invitation_accepted',
  'invitation_withdrawn',
  'billing_information_edited',
  'payment_method_changed',
  'role_changed',
  'member_removed',
  'ownership_transferred',
] as const;

/**
 * The kinds of the organization's audit log (written with each change of its people): who did
 * it, when, to whom, and the role before and after. The activity shows them as they are.
 */
export const AUDITED_ACTIVITY_KINDS = [
  'invitation_sent',
  'invitation_accepted',
  'invitation_withdrawn',
  'role_changed',
  'member_removed',
  'ownership_transferred',
] as const satisfies readonly ActivityKind[];

export type AuditedActivityKind = (typeof AUDITED_ACTIVITY_KINDS)[number];

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One line of the admin overview's recent activity. */
export interface ActivityItem {
  kind: ActivityKind;
  date: string;
  /** Who did it, when a person did. */
  actor: string | null;
  /** What it concerns: an e-mail address, a person's name, an amount. */
  detail: string | null;
  /** A change of someone's role (audited kinds): the role before, null when they were not a member. */
  fromRole: OrganizationRole | null;
  /** ... and after, null when they are no longer a member (removed, invitation withdrawn). */
  toRole: OrganizationRole | null;
}

/**
 * `GET /api-2.0/organization-invitations/details/?token=…`: what the invitation's landing page
 * names before anyone joins (issue 34): who invites, to which organization, as what, and the
 * plan whose license joining takes. Whoever holds the mailed link may read it, visitors too.
 */
export interface OrganizationInvitationDetails {
  organization: { name: string };
  /** Who sent it, by full name; null once their account is gone. */
  inviter: { name: string } | null;
  role: OrganizationRole;
  /** `open`: it may be accepted; `accepted` or `revoked`: it no longer may. */
  status: 'open' | 'accepted' | 'revoked';
  /** The organization's current plan ("Team Plan"); null when it has none or it expired. */
  plan_name: string | null;
}
