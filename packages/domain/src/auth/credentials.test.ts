import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from './credentials.js';

describe('signupSchema', () => {
  it('normalises the email to lower case and trims the name', () => {
    const parsed = signupSchema.parse({
      name: '  Ada Lovelace ',
      email: ' Ada@Example.COM ',
      password: 'long-enough',
    });
    expect(parsed).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'long-enough' });
  });

  it('explains each bad field', () => {
    const result = signupSchema.safeParse({ name: '', email: 'not-an-email', password: 'short' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['name', 'Enter your full name.'],
        ['email', 'Enter a valid email address.'],
        ['password', 'Password must be at least 8 characters.'],
      ]),
    );
  });

  it('rejects unknown fields', () => {
    const result = signupSchema.safeParse({
      name: 'A',
      email: 'a@b.co',
      password: 'long-enough',
      is_admin: true,
    });
    expect(result.success).toBe(false);
  });
});

describe('loginSchema', () => {
  it('requires a password', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});
