import { mailtoLink, sharePopupSize, type PopupSize, type ShareNetwork } from '@lectern/domain';

/**
 * The networks the share dialog offers as links, in the order shown (platform §9). The
 * clipboard is offered by the copy-link field instead. `mail_ref` is left out: it is the
 * referral e-mail sent after importing contacts (the import-email modal and e-mail feedback
 * of platform §4), which needs a server that sends mail for the user; nothing here does, so
 * a course is shared by e-mail through the reader's own mail client (`mailto`).
 */
export const LINK_NETWORKS = [
  'facebook',
  'fb_workplace',
  'twitter',
  'messenger',
  'whatsapp',
  'mailto',
] as const satisfies readonly ShareNetwork[];
export type LinkNetwork = (typeof LINK_NETWORKS)[number];

/** What a share carries: the short link and the texts around it, already translated. */
export interface ShareContent {
  /** The short link of `POST /api-2.0/share/`. */
  url: string;
  /** A line to go with the link where the network takes one (X, WhatsApp). */
  text: string;
  mailSubject: string;
  /** The mail's text; it holds the link itself. */
  mailBody: string;
}

/** The address that shares `content` on `network` (each network's public share URL, no SDK). */
export function networkShareUrl(network: LinkNetwork, content: ShareContent): string {
  const url = encodeURIComponent(content.url);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'fb_workplace':
      return `https://work.facebook.com/sharer.php?display=popup&u=${url}`;
    case 'twitter':
      return `https://x.com/intent/tweet?text=${encodeURIComponent(content.text)}&url=${url}`;
    case 'messenger':
      // Messenger's web Send dialog needs a Facebook app id, which the configuration does not
      // carry; the app's own link works wherever Messenger is installed.
      return `fb-messenger://share/?link=${url}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${content.text} ${content.url}`)}`;
    case 'mailto':
      return mailtoLink({ subject: content.mailSubject, body: content.mailBody });
  }
}

/**
 * How a network's address is followed: a centred popup of the spec's size (platform §9), a
 * new tab, or in place for addresses an app takes over (mail, Messenger), where a new tab
 * would stay blank.
 */
export type ShareOpening = { kind: 'popup'; size: PopupSize } | { kind: 'tab' } | { kind: 'app' };

export function shareOpening(network: LinkNetwork): ShareOpening {
  const size = sharePopupSize(network);
  if (size) return { kind: 'popup', size };
  return network === 'mailto' || network === 'messenger' ? { kind: 'app' } : { kind: 'tab' };
}

/** Where the current window sits on the screen. */
export interface WindowFrame {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features for a popup of `size` centred over `frame`. */
export function centredPopupFeatures(size: PopupSize, frame: WindowFrame): string {
  // Screen coordinates may be negative on a second monitor, so they are not clamped.
  const left = Math.round(frame.screenX + (frame.outerWidth - size.width) / 2);
  const top = Math.round(frame.screenY + (frame.outerHeight - size.height) / 2);
  return `popup,width=${size.width},height=${size.height},left=${left},top=${top}`;
}

/**
 * Opens `url` in a popup centred over the current window. Answers false when the browser
 * blocked it, so the caller can let the link open a tab instead.
 */
export function openCentredPopup(url: string, name: string, size: PopupSize): boolean {
  const popup = window.open(url, name, centredPopupFeatures(size, window));
  if (!popup) return false;
  // The network's page must not reach back into ours (what rel="noopener" does for links);
  // set before it loads, as navigation is asynchronous.
  popup.opener = null;
  return true;
}
