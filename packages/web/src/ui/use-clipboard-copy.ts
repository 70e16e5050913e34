import { COPY_LINK_CONFIRMATION_MS } from '@lectern/domain';
import { useEffect, useRef, useState, type RefObject } from 'react';

export type ClipboardCopyState = 'idle' | 'copied' | 'failed';

export interface ClipboardCopy {
  /** What the status region says: nothing, copied, or "copy it yourself". */
  state: ClipboardCopyState;
  /** Writes the text; never rejects (a failure is reported through `state`). */
  copy: () => Promise<void>;
  /** The read-only field holding the text, selected when the clipboard refuses. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * Copy to clipboard for a read-only field and its copy button (the share link, a voucher
 * reference). A copy is confirmed for COPY_LINK_CONFIRMATION_MS (platform §4, §9); without
 * clipboard access the field is selected so the reader can copy it by hand.
 */
export function useClipboardCopy(text: string, { onCopied }: { onCopied?: () => void } = {}): ClipboardCopy {
  const [state, setState] = useState<ClipboardCopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The write is asynchronous: the field may be gone (dialog closed) when it settles.
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(hideTimer.current);
    };
  }, []);

  const copy = async () => {
    clearTimeout(hideTimer.current);
    try {
      // Missing on pages served without HTTPS and in some embedded browsers.
      if (!navigator.clipboard) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(text);
    } catch {
      if (!mounted.current) return;
      setState('failed');
      inputRef.current?.select();
      return;
    }
    if (!mounted.current) return;
    setState('copied');
    onCopied?.();
    // Each copy shows the confirmation for the full time again.
    hideTimer.current = setTimeout(() => setState('idle'), COPY_LINK_CONFIRMATION_MS);
  };

  return { state, copy, inputRef };
}
