import type { OrganizationRole } from '../context/user-context.js';

/**
 * Who may do what to whom in an organization (issue 37, decision 0022 "Roles"). One set of
 * pure rules: the server enforces them, the web app offers only what they allow.
 *
 * - Owners manage everyone, owners included (co-owners are peers): they grant and take the
 *   owner and admin roles, remove anyone, invite with any role, and hand ownership over.
 * - Admins manage the learners (group admins and students) and nobody above them: they move
 *   learners between `student` and `group_admin`, remove them, and invite them. Making
 *   someone an admin (who can then pay with, cancel and re-bill the plan) is the owners'
 *   call, and every admin action stays one the same admin can undo.
 * - Group admins and students manage nobody here.
 * - Whatever the roles, the organization keeps at least one owner (`keepsAnOwner`).
 */

/** The roles an admin manages, grants and invites: the learners below them. */
const LEARNER_ROLES: readonly OrganizationRole[] = ['group_admin', 'student'];

const isLearnerRole = (role: OrganizationRole) => LEARNER_ROLES.includes(role);

type ActorRole = OrganizationRole | null | undefined;

/** Whether `actor` may set the role of a member who is `target` now to `next`. */
export function canChangeRole(actor: ActorRole, target: OrganizationRole, next: OrganizationRole): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return isLearnerRole(target) && isLearnerRole(next);
  return false;
}

/** Whether `actor` may remove a member whose role is `target`. */
export function canRemoveMember(actor: ActorRole, target: OrganizationRole): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return isLearnerRole(target);
  return false;
}

/** Whether `actor` may invite someone to join as `role`, or withdraw such an invitation. */
export function canInviteAs(actor: ActorRole, role: OrganizationRole): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return isLearnerRole(role);
  return false;
}

/** The roles `actor` may invite people as (the invite form's choices), most powerful first. */
export function invitableRoles(actor: ActorRole): OrganizationRole[] {
  return (['owner', 'admin', 'group_admin', 'student'] as const).filter((role) => canInviteAs(actor, role));
}

/**
 * Whether an open invitation to join as `role` still holds when it is accepted, its inviter
 * now being `inviterRole` in the organization (null: gone). A learner's invitation holds as
 * long as any admin could have sent it; an admin's or owner's needs an inviter who may still
 * send it, so a demoted inviter (or one who was never allowed) cannot hand out those roles.
 */
export function invitationStillHolds(inviterRole: ActorRole, role: OrganizationRole): boolean {
  return isLearnerRole(role) || canInviteAs(inviterRole, role);
}

/**
 * Whether `actor` may hand the ownership over to a member who is `target` now: only an owner,
 * to someone who is not an owner already (the handing-over owner becomes an admin).
 */
export function canTransferOwnership(actor: ActorRole, target: OrganizationRole): boolean {
  return actor === 'owner' && target !== 'owner';
}

/**
 * Whether the organization still has an owner after a member who is `current` becomes `next`
 * (null: removed), with `owners` owners before the change.
 */
export function keepsAnOwner(
  owners: number,
  current: OrganizationRole,
  next: OrganizationRole | null,
): boolean {
  return current !== 'owner' || next === 'owner' || owners > 1;
}

/** The sentences of the refusals (403), each naming who may do it instead. */
export const ORGANIZATION_ROLE_MESSAGES = {
  ownerRole: "Only an owner can make someone an owner or change an owner's role.",
  adminRole: "Only an owner can make someone an admin or change an admin's role.",
  removeOwner: 'Only an owner can remove an owner.',
  removeAdmin: 'Only an owner can remove an admin.',
  inviteOwner: 'Only an owner can invite people as owners.',
  inviteAdmin: 'Only an owner can invite people as admins.',
  withdrawOwner: 'Only an owner can withdraw an invitation to join as an owner.',
  withdrawAdmin: 'Only an owner can withdraw an invitation to join as an admin.',
  transfer: 'Only an owner can hand the ownership of the organization over.',
  notAdmin: 'Only the owner or an admin of this organization can manage its people.',
} as const;

const isManager = (actor: ActorRole) => actor === 'owner' || actor === 'admin';

/**
 * Whether what was typed to confirm a transfer of ownership is the organization's name (spaces
 * around it and letter case aside): the step cannot be taken by a stray click.
 */
export function confirmsOrganizationName(typed: string, organizationName: string): boolean {
  const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
  return normalize(typed) !== '' && normalize(typed) === normalize(organizationName);
}

/** Why `actor` may not set `target`'s role to `next`; null when they may. */
export function roleChangeRefusal(
  actor: ActorRole,
  target: OrganizationRole,
  next: OrganizationRole,
): string | null {
  if (canChangeRole(actor, target, next)) return null;
  if (!isManager(actor)) return ORGANIZATION_ROLE_MESSAGES.notAdmin;
  return target === 'owner' || next === 'owner'
    ? ORGANIZATION_ROLE_MESSAGES.ownerRole
    : ORGANIZATION_ROLE_MESSAGES.adminRole;
}

/** Why `actor` may not remove a member who is `target`; null when they may. */
export function removalRefusal(actor: ActorRole, target: OrganizationRole): string | null {
  if (canRemoveMember(actor, target)) return null;
  if (!isManager(actor)) return ORGANIZATION_ROLE_MESSAGES.notAdmin;
  return target === 'owner' ? ORGANIZATION_ROLE_MESSAGES.removeOwner : ORGANIZATION_ROLE_MESSAGES.removeAdmin;
}

/** Why `actor` may not invite as (or withdraw an invitation as) `role`; null when they may. */
export function invitationRefusal(
  actor: ActorRole,
  role: OrganizationRole,
  action: 'invite' | 'withdraw' = 'invite',
): string | null {
  if (canInviteAs(actor, role)) return null;
  if (!isManager(actor)) return ORGANIZATION_ROLE_MESSAGES.notAdmin;
  if (action === 'withdraw') {
    return role === 'owner'
      ? ORGANIZATION_ROLE_MESSAGES.withdrawOwner
      : ORGANIZATION_ROLE_MESSAGES.withdrawAdmin;
  }
  return role === 'owner' ? ORGANIZATION_ROLE_MESSAGES.inviteOwner : ORGANIZATION_ROLE_MESSAGES.inviteAdmin;
}
