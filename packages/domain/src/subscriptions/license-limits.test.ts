import { describe, expect, it } from 'vitest';
import { licenseBounds, licenseCountError, teamPlanCeilingNote } from './license-limits.js';

const plan = { defaultLicenseCount: 10, minimumLicenseCount: 5, maximumLicenseCount: 20 };

describe('license limits (team-plan §9)', () => {
  it('offer a new plan 5 to 20 licenses, 10 by default', () => {
    expect(licenseBounds('new', plan)).toEqual({ lower: 5, upper: 20, default: 10 });
    expect(licenseBounds('resubscribe', plan)).toEqual({ lower: 5, upper: 20, default: 10 });
  });

  it('let an upsell add up to 20 minus the licenses held', () => {
    expect(licenseBounds('upsell', plan, 10)).toEqual({ lower: 1, upper: 10, default: 1 });
    expect(licenseBounds('upsell', plan, 20)).toEqual({ lower: 0, upper: 0, default: 0 });
  });

  it('refuse counts outside the bounds with the Enterprise note above the ceiling', () => {
    expect(licenseCountError(10, 'new', plan)).toBeNull();
    expect(licenseCountError(21, 'new', plan)).toBe('Team Plan only allows for 20 total users.');
    expect(licenseCountError(4, 'new', plan)).toBe('Please choose at least 5 licenses.');
    expect(licenseCountError(3, 'upsell', plan, 17)).toBeNull();
    expect(licenseCountError(4, 'upsell', plan, 17)).toBe(teamPlanCeilingNote(20));
    expect(licenseCountError(1, 'upsell', plan, 20)).toBe(teamPlanCeilingNote(20));
    expect(licenseCountError(0, 'upsell', plan, 10)).toBe('Please choose how many licenses to buy.');
    expect(licenseCountError(2.5, 'new', plan)).toBe('Please choose how many licenses to buy.');
  });
});
