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
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One line of the admin overview's recent activity. */
export interface ActivityItem {
  kind: ActivityKind;
  date: string;
  /** Who did it, when a person did. */
  actor: string | null;
  /** What it concerns: an e-mail address, an amount. */
  detail: string | null;
}
