import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 64;

const email = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'Email address is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** An e-mail address as every form takes it: trimmed, checked, lower-cased. */
export const emailAddressSchema = email;

/** Signup body, shared by the signup form and `POST /api-2.0/auth/signup/`. */
export const signupSchema = z.strictObject({
  name: z
    .string({ error: 'Enter your full name.' })
    .trim()
    .min(1, 'Enter your full name.')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters.`),
  email,
  password: newPassword,
});
export type SignupInput = z.infer<typeof signupSchema>;

/** Login body, shared by the login form and `POST /api-2.0/auth/login/`. */
export const loginSchema = z.strictObject({
  email,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH, 'Incorrect email or password.'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const INVALID_CREDENTIALS_MESSAGE =
  'There was a problem logging in. Check your email and password or create an account.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Log in instead.';

/**
 * `POST /api-2.0/auth/set-password/`: the one-time token of a mailed link and the password
 * chosen with it (a guest checkout's buyer claims their account this way).
 */
export const setPasswordSchema = z.strictObject({
  token: z
    .string({ error: 'This link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, 'This link is not valid.'),
  password: newPassword,
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const PASSWORD_LINK_INVALID_MESSAGE = 'This link has expired or was already used.';
export const GUEST_EMAIL_TAKEN_MESSAGE = 'An account already uses this e-mail. Log in to buy with it.';
