/**
 * The footer's "Cookie settings" opens the consent preference center (platform §4). The
 * shell cannot import the consent feature's screens, so the feature registers its opener
 * here (`features/consent/consent-ui.tsx`, mounted once by `AppProviders`); opening it also
 * publishes the footer-link consent event there.
 */
type Opener = () => void;

let opener: Opener | null = null;

export function registerConsentCenter(open: Opener): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

export function openConsentCenter(): void {
  opener?.();
}
