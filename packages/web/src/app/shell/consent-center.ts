/**
 * The footer's "Cookie settings" opens the consent preference center (platform §4). The
 * shell cannot import the consent feature's screens, so the feature registers its opener
 * here (`features/consent/consent-ui.tsx`, mounted once by `AppProviders`); opening it also
 * publishes the footer-link consent event there.
 *
 * On public pages the button and the consent screens are separate islands that hydrate in
 * either order, so an opening asked for before the screens have registered is kept and
 * carried out when they do: the click is never lost.
 */
type Opener = () => void;

let opener: Opener | null = null;
let openingPending = false;

export function registerConsentCenter(open: Opener): () => void {
  opener = open;
  if (openingPending) {
    openingPending = false;
    open();
  }
  return () => {
    if (opener === open) opener = null;
  };
}

export function openConsentCenter(): void {
  if (opener) opener();
  else openingPending = true;
}
