import { describe, expect, it } from 'vitest';
import {
  keepsAStaffOwner,
  refundWithinLimit,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  staffMay,
} from './staff-permissions.js';

describe('staff permissions', () => {
  it('gives the owner every permission and read_only only reading', () => {
    for (const permission of STAFF_PERMISSIONS) expect(staffMay('owner', permission)).toBe(true);
    expect(STAFF_PERMISSIONS.filter((permission) => staffMay('read_only', permission))).toEqual([
      'backOffice.read',
    ]);
  });

  it('lets every role read and nobody without a role do anything', () => {
    for (const role of STAFF_ROLES) expect(staffMay(role, 'backOffice.read')).toBe(true);
    for (const permission of STAFF_PERMISSIONS) expect(staffMay(null, permission)).toBe(false);
  });

  it('keeps prices from support and refunds from catalog', () => {
    expect(staffMay('support', 'prices.write')).toBe(false);
    expect(staffMay('catalog', 'orders.refund')).toBe(false);
    expect(staffMay('catalog', 'prices.write')).toBe(true);
    expect(staffMay('support', 'orders.refund')).toBe(true);
  });

  it('caps support refunds at the owner limit of the currency and no other role', () => {
    const limits = { USD: 5_000 };
    expect(refundWithinLimit('support', 5_000, 'USD', limits)).toBe(true);
    expect(refundWithinLimit('support', 5_001, 'USD', limits)).toBe(false);
    expect(refundWithinLimit('support', 1, 'EUR', limits)).toBe(false);
    expect(refundWithinLimit('finance', 1_000_000, 'EUR', limits)).toBe(true);
    expect(refundWithinLimit('catalog', 1, 'USD', limits)).toBe(false);
  });

  it('never leaves the staff without an owner', () => {
    expect(keepsAStaffOwner(1, 'owner', 'finance')).toBe(false);
    expect(keepsAStaffOwner(1, 'owner', null)).toBe(false);
    expect(keepsAStaffOwner(2, 'owner', null)).toBe(true);
    expect(keepsAStaffOwner(1, 'support', null)).toBe(true);
  });
});
