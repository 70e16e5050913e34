// Checkout §9 hosted methods: the few fields their forms collect (state data), checked the
// same way by the form and by the server.

/** Texts the spec does not word (ours). */
export const HOSTED_METHOD_MESSAGES = {
  selectBank: 'Please select your bank.',
  selectUpiApp: 'Please select a UPI app.',
  accountHolder: 'Please enter the name of the account holder.',
} as const;

/** The SEPA account holder's name: 2 to 100 characters. */
export const ACCOUNT_HOLDER_LENGTH = { min: 2, max: 100 } as const;

export function accountHolderError(name: string): string | null {
  const length = name.trim().length;
  return length >= ACCOUNT_HOLDER_LENGTH.min && length <= ACCOUNT_HOLDER_LENGTH.max
    ? null
    : HOSTED_METHOD_MESSAGES.accountHolder;
}
