// Team-plan §6 guest ("dac") checkout: the buyer's e-mail, checked in the checkout page (which
// carries no schema library, decision 0026) with the messages of the shared e-mail schema.
// The server checks it again with `emailAddressSchema`.

const SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The message for a guest's e-mail, or null when it can be sent. */
export function guestEmailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'Enter your email address.';
  if (email.length > 254) return 'Email address is too long.';
  return SHAPE.test(email) ? null : 'Enter a valid email address.';
}
