import { describe, expect, it } from 'vitest';
import {
  SALES_CONTACT_MESSAGES,
  salesContactInputSchema,
  salesLinkProblem,
  salesLinksOf,
  withLinkParameters,
  type SalesContactDefaults,
} from './sales-contact.js';

const DEFAULTS: SalesContactDefaults = {
  sales_email: 'support@learn.example.com',
  request_demo_url: 'https://learn.example.com/support/#help-contact',
  enterprise_upgrade_url: 'https://learn.example.com/support/#help-contact',
  compare_plans_url: 'https://learn.example.com/support/#help-team-plan',
};
const UNSET = {
  sales_email: null,
  request_demo_url: null,
  enterprise_upgrade_url: null,
  compare_plans_url: null,
};

describe('salesLinkProblem', () => {
  it('takes an https page or mailto: one address', () => {
    expect(salesLinkProblem('https://sales.example.com/demo/?x=1')).toBeNull();
    expect(salesLinkProblem('mailto:sales@example.com')).toBeNull();
    expect(salesLinkProblem('mailto:sales@example.com?subject=Demo')).toBeNull();
    expect(salesLinkProblem('HTTPS://Sales.Example.com:8443/demo#form')).toBeNull();
  });

  it('refuses other schemes, hosts without a domain, credentials and broken addresses', () => {
    expect(salesLinkProblem('http://sales.example.com/')).toBe(SALES_CONTACT_MESSAGES.link);
    expect(salesLinkProblem('javascript:alert(1)')).toBe(SALES_CONTACT_MESSAGES.link);
    expect(salesLinkProblem('/support/')).toBe(SALES_CONTACT_MESSAGES.link);
    expect(salesLinkProblem('https://exa mple.com/')).toBe(SALES_CONTACT_MESSAGES.link);
    expect(salesLinkProblem('https://localhost/')).toBe(SALES_CONTACT_MESSAGES.host);
    expect(salesLinkProblem('https://user:secret@example.com/')).toBe(SALES_CONTACT_MESSAGES.host);
    expect(salesLinkProblem('mailto:not-an-address')).toBe(SALES_CONTACT_MESSAGES.mailto);
    expect(salesLinkProblem('mailto:a@example.com,b@example.com')).toBe(SALES_CONTACT_MESSAGES.mailto);
    expect(salesLinkProblem('mailto:%E0')).toBe(SALES_CONTACT_MESSAGES.mailto);
    expect(salesLinkProblem('https://example.com:99999/')).toBe(SALES_CONTACT_MESSAGES.host);
    expect(salesLinkProblem('https:///path')).toBe(SALES_CONTACT_MESSAGES.host);
  });
});

describe('salesContactInputSchema', () => {
  it('trims, lower-cases the address and reads empty fields as the default (null)', () => {
    expect(
      salesContactInputSchema.parse({
        sales_email: ' Sales@Example.com ',
        request_demo_url: '',
        enterprise_upgrade_url: null,
        compare_plans_url: ' https://example.com/plans/ ',
      }),
    ).toEqual({
      sales_email: 'sales@example.com',
      request_demo_url: null,
      enterprise_upgrade_url: null,
      compare_plans_url: 'https://example.com/plans/',
    });
  });

  it('names each field that is wrong', () => {
    const result = salesContactInputSchema.safeParse({
      sales_email: 'nope',
      request_demo_url: 'ftp://example.com/',
      enterprise_upgrade_url: 'https://example.com/enterprise/',
      compare_plans_url: 'x'.repeat(2001),
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(fields).toEqual([
      ['sales_email', SALES_CONTACT_MESSAGES.email],
      ['request_demo_url', SALES_CONTACT_MESSAGES.link],
      ['compare_plans_url', 'This is at most 2000 characters.'],
    ]);
  });
});

describe('withLinkParameters', () => {
  it('adds what is missing to the query, before the fragment, in the order given', () => {
    const params = { ref: 'indupgrade', utm_source: 'product' };
    expect(withLinkParameters('https://example.com', params)).toBe(
      'https://example.com?ref=indupgrade&utm_source=product',
    );
    expect(withLinkParameters('https://example.com/a/?x=1#top', params)).toBe(
      'https://example.com/a/?x=1&ref=indupgrade&utm_source=product#top',
    );
    expect(withLinkParameters('https://example.com/a/?', params)).toBe(
      'https://example.com/a/?ref=indupgrade&utm_source=product',
    );
    expect(withLinkParameters('https://example.com/?ref=partner&utm%5Fsource=x', params)).toBe(
      'https://example.com/?ref=partner&utm%5Fsource=x',
    );
    expect(withLinkParameters('mailto:sales@example.com', params)).toBe('mailto:sales@example.com');
  });
});

describe('salesLinksOf', () => {
  it('fills the defaults and adds the parameters of team-plan §2 before the fragment', () => {
    expect(salesLinksOf(UNSET, DEFAULTS)).toEqual({
      email: 'support@learn.example.com',
      request_demo_url: 'https://learn.example.com/support/?ref=indupgrade#help-contact',
      enterprise_upgrade_url:
        'https://learn.example.com/support/?utm_source=product&utm_medium=upgrade&utm_content=upgrade-cta#help-contact',
      compare_plans_url: 'https://learn.example.com/support/#help-team-plan',
    });
  });

  it('uses the settings, keeps parameters the operator chose and leaves mailto: links as written', () => {
    const links = salesLinksOf(
      {
        sales_email: 'sales@example.com',
        request_demo_url: 'mailto:sales@example.com?subject=Demo',
        enterprise_upgrade_url: 'https://example.com/enterprise/?utm_source=lectern',
        compare_plans_url: 'https://example.com/plans/',
      },
      DEFAULTS,
    );
    expect(links).toEqual({
      email: 'sales@example.com',
      request_demo_url: 'mailto:sales@example.com?subject=Demo',
      enterprise_upgrade_url:
        'https://example.com/enterprise/?utm_source=lectern&utm_medium=upgrade&utm_content=upgrade-cta',
      compare_plans_url: 'https://example.com/plans/',
    });
  });
});
