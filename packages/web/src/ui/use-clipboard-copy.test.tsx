import { COPY_LINK_CONFIRMATION_MS } from '@lectern/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useClipboardCopy } from './use-clipboard-copy';

// The share dialog and the voucher tests cover the labels; these cover the paths they don't:
// no clipboard at all, the restarted confirmation, and a write settling after unmount.
function Probe({ text, onCopied }: { text: string; onCopied?: () => void }) {
  const { state, copy, inputRef } = useClipboardCopy(text, { onCopied });
  return (
    <>
      <input ref={inputRef} value={text} readOnly aria-label="Text" />
      <button type="button" onClick={() => void copy()}>
        Copy
      </button>
      <output data-testid="state">{state}</output>
    </>
  );
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('useClipboardCopy', () => {
  it('fails and selects the field when there is no clipboard', async () => {
    const onCopied = vi.fn();
    render(<Probe text="REF-1" onCopied={onCopied} />);
    const input = screen.getByLabelText<HTMLInputElement>('Text');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByTestId('state').textContent).toBe('failed');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'REF-1'.length]);
    expect(onCopied).not.toHaveBeenCalled();
  });

  it('shows the confirmation for the full time again after each copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    const onCopied = vi.fn();
    render(<Probe text="REF-1" onCopied={onCopied} />);
    const button = screen.getByRole('button', { name: 'Copy' });
    const state = screen.getByTestId('state');

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
    });
    act(() => vi.advanceTimersByTime(COPY_LINK_CONFIRMATION_MS - 1));
    await act(async () => {
      fireEvent.click(button);
    });
    act(() => vi.advanceTimersByTime(COPY_LINK_CONFIRMATION_MS - 1));
    expect(state.textContent).toBe('copied');
    act(() => vi.advanceTimersByTime(1));
    expect(state.textContent).toBe('idle');
    expect(writeText).toHaveBeenCalledWith('REF-1');
    expect(onCopied).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the write settles after the field is gone', async () => {
    let settle: () => void = () => {};
    stubClipboard(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    );
    const onCopied = vi.fn();
    const { unmount } = render(<Probe text="REF-1" onCopied={onCopied} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    unmount();
    await act(async () => {
      settle();
    });
    expect(onCopied).not.toHaveBeenCalled();
  });
});
