import { describe, expect, it } from 'vitest';
import { emailAddressSchema } from '../auth/credentials.js';
import { guestEmailError } from './guest-checkout-rules.js';

describe('guestEmailError', () => {
  it('asks for an address, refuses one that is not, and accepts an ordinary one', () => {
    expect(guestEmailError('  ')).toBe('Enter your email address.');
    expect(guestEmailError('jane')).toBe('Enter a valid email address.');
    expect(guestEmailError('jane@example')).toBe('Enter a valid email address.');
    expect(guestEmailError('jane doe@example.com')).toBe('Enter a valid email address.');
    expect(guestEmailError(`${'a'.repeat(250)}@example.com`)).toBe('Email address is too long.');
    expect(guestEmailError(' Jane.Doe@Example.co.uk ')).toBeNull();
  });

  it('uses the shared schema’s messages', () => {
    for (const value of ['', 'jane']) {
      const result = emailAddressSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(guestEmailError(value)).toBe(result.error!.issues[0]!.message);
    }
  });
});
