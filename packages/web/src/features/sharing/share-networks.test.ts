import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  centredPopupFeatures,
  networkShareUrl,
  openCentredPopup,
  shareOpening,
  type ShareContent,
} from './share-networks';

const content: ShareContent = {
  url: 'https://lectern.test/s/abc123/',
  text: 'Take a look at “Rust & You” on Lectern',
  mailSubject: 'Rust & You',
  mailBody: 'Have a look:\nhttps://lectern.test/s/abc123/',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('networkShareUrl', () => {
  it('puts the short link, encoded, into each network address', () => {
    const link = encodeURIComponent(content.url);
    expect(networkShareUrl('facebook', content)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${link}`);
    expect(networkShareUrl('fb_workplace', content)).toBe(
      `https://work.facebook.com/sharer.php?display=popup&u=${link}`,
    );
    expect(networkShareUrl('messenger', content)).toBe(`fb-messenger://share/?link=${link}`);
    const tweet = new URL(networkShareUrl('twitter', content));
    expect(tweet.origin + tweet.pathname).toBe('https://x.com/intent/tweet');
    expect(tweet.searchParams.get('text')).toBe(content.text);
    expect(tweet.searchParams.get('url')).toBe(content.url);
    const whatsapp = new URL(networkShareUrl('whatsapp', content));
    expect(whatsapp.searchParams.get('text')).toBe(`${content.text} ${content.url}`);
  });

  it('writes a mailto link with the subject and body percent-encoded', () => {
    expect(networkShareUrl('mailto', content)).toBe(
      'mailto:?subject=Rust%20%26%20You&body=Have%20a%20look%3A%0Ahttps%3A%2F%2Flectern.test%2Fs%2Fabc123%2F',
    );
  });
});

describe('shareOpening', () => {
  it('uses the spec popup sizes for X and Workplace, the mail app for mail', () => {
    expect(shareOpening('twitter')).toEqual({ kind: 'popup', size: { width: 550, height: 420 } });
    expect(shareOpening('fb_workplace')).toEqual({ kind: 'popup', size: { width: 626, height: 436 } });
    expect(shareOpening('facebook')).toEqual({ kind: 'tab' });
    expect(shareOpening('whatsapp')).toEqual({ kind: 'tab' });
    expect(shareOpening('mailto')).toEqual({ kind: 'app' });
    expect(shareOpening('messenger')).toEqual({ kind: 'app' });
  });
});

describe('centredPopupFeatures', () => {
  it('centres the popup over the window, also on a monitor left of the main one', () => {
    const size = { width: 550, height: 420 };
    expect(
      centredPopupFeatures(size, { screenX: 100, screenY: 50, outerWidth: 1200, outerHeight: 800 }),
    ).toBe('popup,width=550,height=420,left=425,top=240');
    expect(
      centredPopupFeatures(size, { screenX: -1920, screenY: 0, outerWidth: 1921, outerHeight: 1081 }),
    ).toBe('popup,width=550,height=420,left=-1234,top=331');
  });
});

describe('openCentredPopup', () => {
  it('cuts the popup off from this page, and says when the browser blocked it', () => {
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(popup).mockReturnValueOnce(null);
    expect(openCentredPopup('https://x.com/intent/tweet', 'share-twitter', { width: 550, height: 420 })).toBe(
      true,
    );
    expect(popup.opener).toBeNull();
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup,width=550,height=420,left=-?\d+,top=-?\d+$/);
    expect(openCentredPopup('https://x.com/intent/tweet', 'share-twitter', { width: 550, height: 420 })).toBe(
      false,
    );
  });
});
