import { MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { setNonce } from 'get-nonce';
import { afterEach, describe, expect, it } from 'vitest';
import { shareCspNonce } from './csp-nonce';

/** The page as the server renders it: the per-request nonce in its meta tag. */
function pageWithNonce(nonce: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<meta name="csp-nonce" content="${nonce}">`;
  return doc;
}

/** The style tag react-remove-scroll adds while a dialog locks the page's scrolling. */
const scrollLockStyle = () =>
  [...document.head.querySelectorAll('style')].find((style) =>
    style.textContent?.includes('--removed-body-scroll-bar-size'),
  );

// get-nonce keeps the nonce in its module, which the unit-web files share (isolate: false).
afterEach(() => setNonce(''));

describe('shareCspNonce', () => {
  it('gives the page’s nonce to the scroll lock of a dialog, so the CSP lets its style tag in', async () => {
    shareCspNonce(pageWithNonce('n0nce-from-the-server'));
    render(
      <MantineProvider>
        <Modal opened onClose={() => {}} title="Transfer ownership">
          Body
        </Modal>
      </MantineProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Transfer ownership' })).toBeTruthy();
    const style = scrollLockStyle();
    expect(style).toBeTruthy();
    expect(style!.getAttribute('nonce')).toBe('n0nce-from-the-server');
  });

  it('gives none where the page has none (the Vite dev server leaves the placeholder)', () => {
    shareCspNonce(pageWithNonce('__CSP_NONCE__'));
    render(
      <MantineProvider>
        <Modal opened onClose={() => {}} title="Dialog">
          Body
        </Modal>
      </MantineProvider>,
    );
    expect(scrollLockStyle()?.hasAttribute('nonce')).toBe(false);
  });
});
