/** Placeholder: being built. */
export function BusinessTermsPage() {
  return null;
}
