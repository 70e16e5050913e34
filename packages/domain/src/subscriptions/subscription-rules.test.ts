import { describe, expect, it } from 'vitest';
import {
  CARD_NAME_MESSAGE,
  showsEnterpriseUpgrade,
  subscriptionBillingErrors,
  teamPlanCardNameError,
} from './subscription-rules.js';
import { acceptsTaxNumber } from '../tax/tax-number-rules.js';

describe('team plan card name (team-plan §5)', () => {
  it('needs more than one character and none of $ / : ; < = > @ [ ]', () => {
    expect(teamPlanCardNameError('A', 'BR')).toBe(CARD_NAME_MESSAGE);
    expect(teamPlanCardNameError('Jo', 'BR')).toBeNull();
    for (const bad of [
      'Ann$ Lee',
      'Ann/Lee',
      'Ann: Lee',
      'Ann; Lee',
      'Ann<Lee',
      'Ann=Lee',
      'Ann>Lee',
      'Ann@Lee',
      'Ann[Lee]',
    ]) {
      expect(teamPlanCardNameError(bad, 'US')).toBe(CARD_NAME_MESSAGE);
    }
  });

  it('outside Brazil is longer than 3 and shorter than 25 characters', () => {
    expect(teamPlanCardNameError('Ann', 'US')).toBe(CARD_NAME_MESSAGE);
    expect(teamPlanCardNameError('Anne', 'US')).toBeNull();
    expect(teamPlanCardNameError('A'.repeat(24), 'DE')).toBeNull();
    expect(teamPlanCardNameError('A'.repeat(25), 'DE')).toBe(CARD_NAME_MESSAGE);
    expect(teamPlanCardNameError('A'.repeat(30), 'BR')).toBeNull();
  });
});

describe('subscription billing information (team-plan §5)', () => {
  it('needs the company name and address line 1 for organizations', () => {
    expect(subscriptionBillingErrors({}, 'US', true)).toEqual({
      customer_name: 'Please enter your company name.',
      address_line1: 'Please enter your address.',
    });
    expect(subscriptionBillingErrors({ address_line1: '1 Main St' }, 'US', false)).toEqual({});
  });

  it('limits lines to 256 characters; the tax ID must be a valid number of the country, where offered', () => {
    const long = 'x'.repeat(257);
    expect(
      subscriptionBillingErrors(
        { customer_name: long, address_line1: long, address_line2: long },
        'US',
        true,
      ),
    ).toEqual({
      customer_name: 'At most 256 characters.',
      address_line1: 'At most 256 characters.',
      address_line2: 'At most 256 characters.',
    });
    expect(acceptsTaxNumber('DE')).toBe(true);
    expect(acceptsTaxNumber('US')).toBe(false);
    // Real VAT numbers are longer than the spec's 10 characters (decision 0024).
    expect(
      subscriptionBillingErrors(
        { customer_name: 'Acme', address_line1: 'x', tax_number: 'NL004495445B01' },
        'NL',
        true,
      ),
    ).toEqual({});
    expect(
      subscriptionBillingErrors(
        { customer_name: 'Acme', address_line1: 'x', tax_number: 'DE136695977' },
        'DE',
        true,
      ).tax_number,
    ).toMatch(/valid VAT number for Germany/);
    expect(
      subscriptionBillingErrors(
        { customer_name: 'Acme', address_line1: 'x', tax_number: 'x'.repeat(33) },
        'DE',
        true,
      ),
    ).toEqual({ tax_number: 'At most 32 characters.' });
    expect(
      subscriptionBillingErrors({ customer_name: 'Acme', address_line1: 'x', tax_number: '12' }, 'US', true),
    ).toEqual({
      tax_number: 'A tax ID is not used for this country.',
    });
  });
});

describe('Enterprise upgrade banner (team-plan §2, §9)', () => {
  it('is hidden when the price country is JP, in any case', () => {
    expect(showsEnterpriseUpgrade('JP')).toBe(false);
    expect(showsEnterpriseUpgrade('jp')).toBe(false);
  });

  it('is shown elsewhere, and while the country is unknown', () => {
    expect(showsEnterpriseUpgrade('US')).toBe(true);
    expect(showsEnterpriseUpgrade('IN')).toBe(true);
    expect(showsEnterpriseUpgrade(null)).toBe(true);
  });
});
