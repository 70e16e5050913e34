import type { FeedbackInput } from '@lectern/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
import { renderWithProviders } from '../../test-utils/render';
import { useFeedback } from './feedback-provider';
import { FeedbackBanners } from './feedback-toasts';

/** A page that pushes what it is given (one button per input) and shows the banners. */
function Probe({ inputs }: { inputs: FeedbackInput[] }) {
  const { push } = useFeedback();
  return (
    <>
      {inputs.map((input, index) => (
        <button key={index} type="button" onClick={() => push(input)}>
          {`push ${index}`}
        </button>
      ))}
      <FeedbackBanners />
    </>
  );
}

function setUp(...inputs: FeedbackInput[]) {
  renderWithProviders(<Probe inputs={inputs} />, { fetch: fakeServer({}).fetch });
  return (index = 0) => fireEvent.click(screen.getByRole('button', { name: `push ${index}` }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('feedback queue in the app', () => {
  it('shows a toast politely and hides it after 6 s (platform §9)', () => {
    vi.useFakeTimers();
    const push = setUp({ kind: 'toast', variant: 'success', text: 'Saved.' });
    push();
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    act(() => vi.advanceTimersByTime(5_999));
    expect(screen.queryByText('Saved.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('announces errors at once and drops a repeat of a toast still shown', () => {
    const push = setUp({ kind: 'toast', variant: 'error', text: 'It failed.' });
    push();
    push();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('keeps a banner until it is dismissed', () => {
    vi.useFakeTimers();
    const push = setUp({ kind: 'banner', variant: 'warning', text: 'Read this.' });
    push();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status').textContent).toContain('Read this.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Read this.')).toBeNull();
  });
});
