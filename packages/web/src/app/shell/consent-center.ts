/**
 * The footer's "Cookie settings" opens the consent preference center (platform §4). The
 * consent feature registers its opener here when it lands; until then the link does nothing.
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
