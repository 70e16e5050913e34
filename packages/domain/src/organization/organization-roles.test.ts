import { describe, expect, it } from 'vitest';
import type { OrganizationRole } from '../context/user-context.js';
import {
  canChangeRole,
  canInviteAs,
  canRemoveMember,
  canTransferOwnership,
  confirmsOrganizationName,
  invitableRoles,
  invitationRefusal,
  invitationStillHolds,
  keepsAnOwner,
  ORGANIZATION_ROLE_MESSAGES,
  removalRefusal,
  roleChangeRefusal,
} from './organization-roles.js';

const ROLES: OrganizationRole[] = ['owner', 'admin', 'group_admin', 'student'];

/** The designed table, written out: for each actor, the (target → next) changes allowed. */
const ALLOWED_CHANGES: Record<OrganizationRole, string[]> = {
  owner: ROLES.flatMap((target) => ROLES.map((next) => `${target}→${next}`)),
  admin: ['group_admin→group_admin', 'group_admin→student', 'student→group_admin', 'student→student'],
  group_admin: [],
  student: [],
};

describe('canChangeRole', () => {
  for (const actor of ROLES) {
    it(`${actor}: ${ALLOWED_CHANGES[actor].length} of the 16 changes`, () => {
      const allowed = ROLES.flatMap((target) =>
        ROLES.filter((next) => canChangeRole(actor, target, next)).map((next) => `${target}→${next}`),
      );
      expect(allowed).toEqual(ALLOWED_CHANGES[actor]);
    });
  }

  it('the attack of issue 37: an admin makes themself owner, demotes the owner', () => {
    expect(canChangeRole('admin', 'admin', 'owner')).toBe(false);
    expect(canChangeRole('admin', 'owner', 'student')).toBe(false);
    expect(canChangeRole('admin', 'owner', 'admin')).toBe(false);
  });

  it('an admin may not make an admin, nor change another admin (or themself)', () => {
    expect(canChangeRole('admin', 'student', 'admin')).toBe(false);
    expect(canChangeRole('admin', 'admin', 'student')).toBe(false);
  });

  it('nobody outside the organization (no role) changes anything', () => {
    expect(canChangeRole(null, 'student', 'student')).toBe(false);
    expect(canChangeRole(undefined, 'student', 'group_admin')).toBe(false);
  });

  it('explains a refusal by who may do it instead', () => {
    expect(roleChangeRefusal('owner', 'owner', 'student')).toBeNull();
    expect(roleChangeRefusal('admin', 'admin', 'owner')).toBe(ORGANIZATION_ROLE_MESSAGES.ownerRole);
    expect(roleChangeRefusal('admin', 'owner', 'student')).toBe(ORGANIZATION_ROLE_MESSAGES.ownerRole);
    expect(roleChangeRefusal('admin', 'student', 'admin')).toBe(ORGANIZATION_ROLE_MESSAGES.adminRole);
    expect(roleChangeRefusal('student', 'student', 'group_admin')).toBe(ORGANIZATION_ROLE_MESSAGES.notAdmin);
  });
});

describe('canRemoveMember', () => {
  it('owners remove anyone; admins only learners; the others nobody', () => {
    const table = Object.fromEntries(
      ROLES.map((actor) => [actor, ROLES.filter((target) => canRemoveMember(actor, target))]),
    );
    expect(table).toEqual({
      owner: ['owner', 'admin', 'group_admin', 'student'],
      admin: ['group_admin', 'student'],
      group_admin: [],
      student: [],
    });
  });

  it('explains a refusal', () => {
    expect(removalRefusal('admin', 'owner')).toBe(ORGANIZATION_ROLE_MESSAGES.removeOwner);
    expect(removalRefusal('admin', 'admin')).toBe(ORGANIZATION_ROLE_MESSAGES.removeAdmin);
    expect(removalRefusal('admin', 'student')).toBeNull();
  });
});

describe('canInviteAs', () => {
  it('owners invite as any role; admins as learners only', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'admin', 'group_admin', 'student']);
    expect(invitableRoles('admin')).toEqual(['group_admin', 'student']);
    expect(invitableRoles('group_admin')).toEqual([]);
    expect(invitableRoles('student')).toEqual([]);
    expect(invitableRoles(null)).toEqual([]);
    expect(canInviteAs('admin', 'owner')).toBe(false);
  });

  it('explains a refusal to invite or to withdraw', () => {
    expect(invitationRefusal('admin', 'owner')).toBe(ORGANIZATION_ROLE_MESSAGES.inviteOwner);
    expect(invitationRefusal('admin', 'admin')).toBe(ORGANIZATION_ROLE_MESSAGES.inviteAdmin);
    expect(invitationRefusal('admin', 'owner', 'withdraw')).toBe(ORGANIZATION_ROLE_MESSAGES.withdrawOwner);
    expect(invitationRefusal('admin', 'admin', 'withdraw')).toBe(ORGANIZATION_ROLE_MESSAGES.withdrawAdmin);
    expect(invitationRefusal('owner', 'owner')).toBeNull();
  });
});

describe('invitationStillHolds', () => {
  it("a learner's invitation holds whoever sent it; an owner's or admin's needs an inviter who still may", () => {
    for (const inviter of [null, 'student', 'admin', 'owner'] as const) {
      expect(invitationStillHolds(inviter, 'student')).toBe(true);
      expect(invitationStillHolds(inviter, 'group_admin')).toBe(true);
    }
    expect(invitationStillHolds('owner', 'owner')).toBe(true);
    expect(invitationStillHolds('owner', 'admin')).toBe(true);
    // Sent by an admin before the rule, or by an owner demoted since, or by someone gone.
    expect(invitationStillHolds('admin', 'owner')).toBe(false);
    expect(invitationStillHolds('admin', 'admin')).toBe(false);
    expect(invitationStillHolds(null, 'owner')).toBe(false);
  });
});

describe('canTransferOwnership', () => {
  it('only an owner, to a member who is not an owner yet', () => {
    expect(ROLES.filter((target) => canTransferOwnership('owner', target))).toEqual([
      'admin',
      'group_admin',
      'student',
    ]);
    for (const actor of ['admin', 'group_admin', 'student', null] as const) {
      expect(ROLES.some((target) => canTransferOwnership(actor, target))).toBe(false);
    }
  });

  it('is confirmed by the organization name, spaces and case aside', () => {
    expect(confirmsOrganizationName('Acme Learning', 'Acme Learning')).toBe(true);
    expect(confirmsOrganizationName('  acme   learning ', 'Acme Learning')).toBe(true);
    expect(confirmsOrganizationName('Acme', 'Acme Learning')).toBe(false);
    expect(confirmsOrganizationName('', '')).toBe(false);
    expect(confirmsOrganizationName('   ', 'Acme Learning')).toBe(false);
  });
});

describe('keepsAnOwner', () => {
  it('the last owner can neither step down nor leave; with two, either may', () => {
    expect(keepsAnOwner(1, 'owner', 'admin')).toBe(false);
    expect(keepsAnOwner(1, 'owner', null)).toBe(false);
    expect(keepsAnOwner(1, 'owner', 'owner')).toBe(true);
    expect(keepsAnOwner(2, 'owner', 'student')).toBe(true);
    expect(keepsAnOwner(2, 'owner', null)).toBe(true);
    expect(keepsAnOwner(1, 'admin', null)).toBe(true);
    expect(keepsAnOwner(1, 'student', 'owner')).toBe(true);
  });
});
