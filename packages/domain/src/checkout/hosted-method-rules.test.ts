import { describe, expect, it } from 'vitest';
import { accountHolderError, HOSTED_METHOD_MESSAGES } from './hosted-method-rules.js';

describe('accountHolderError', () => {
  it('accepts 2 to 100 characters, ignoring the spaces around', () => {
    expect(accountHolderError('  Jo ')).toBeNull();
    expect(accountHolderError('E'.repeat(100))).toBeNull();
  });

  it('refuses a name too short or too long', () => {
    expect(accountHolderError(' J ')).toBe(HOSTED_METHOD_MESSAGES.accountHolder);
    expect(accountHolderError('E'.repeat(101))).toBe(HOSTED_METHOD_MESSAGES.accountHolder);
  });
});
