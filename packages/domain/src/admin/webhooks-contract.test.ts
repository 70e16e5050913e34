import { describe, expect, it } from 'vitest';
import {
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookUrlProblem,
} from './webhooks-contract.js';

describe('webhook endpoint input', () => {
  it('accepts http and https URLs with a host, a port, a path and a query', () => {
    for (const url of [
      'https://example.com/hooks',
      'http://127.0.0.1:4000/hooks?x=1',
      'https://[2001:db8::1]:8443/h',
      'HTTPS://Example.COM',
    ]) {
      expect(webhookUrlProblem(url), url).toBeNull();
    }
  });

  it('names what is wrong with a URL', () => {
    expect(webhookUrlProblem('example.com/hooks')).toMatch(/full URL/);
    expect(webhookUrlProblem('ftp://example.com/')).toMatch(/https/);
    expect(webhookUrlProblem('https://user:pw@example.com/')).toMatch(/user name/);
    expect(webhookUrlProblem('https://example.com/#x')).toMatch(/fragment/);
    expect(webhookUrlProblem('https://example.com:0/')).toMatch(/port/);
    expect(webhookUrlProblem('https://:80/')).toMatch(/host/);
    expect(webhookUrlProblem('https://exa mple.com/')).toMatch(/full URL/);
  });

  it('keeps the chosen events once each, in the catalogue’s order, and needs one', () => {
    const parsed = webhookEndpointInputSchema.parse({
      url: ' https://example.com/h ',
      events: ['customer.created', 'order.paid', 'order.paid'],
    });
    expect(parsed).toEqual({
      url: 'https://example.com/h',
      description: '',
      events: ['order.paid', 'customer.created'],
      enabled: true,
    });
    expect(webhookEndpointInputSchema.safeParse({ url: 'https://example.com', events: [] }).success).toBe(
      false,
    );
    expect(webhookEndpointPatchSchema.safeParse({}).success).toBe(false);
    expect(webhookEndpointPatchSchema.parse({ enabled: false })).toEqual({ enabled: false });
  });
});
