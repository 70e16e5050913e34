import { describe, expect, it } from 'vitest';
import {
  BANNER_DISPLAY_MS,
  CHECKOUT_TOAST_OPTIONS,
  dismissFeedback,
  EMPTY_FEEDBACK_QUEUE,
  MAX_VISIBLE_TOASTS,
  advanceFeedback,
  nextFeedbackChange,
  pushFeedback,
  visibleFeedback,
  type FeedbackInput,
} from './feedback-queue.js';

const toast = (text: string, extra: Partial<FeedbackInput> = {}): FeedbackInput => ({
  kind: 'toast',
  variant: 'error',
  text,
  ...extra,
});

describe('feedback queue', () => {
  it('shows a toast for 6 s by default (platform §9)', () => {
    let state = pushFeedback(EMPTY_FEEDBACK_QUEUE, toast('Saved'), 1000);
    expect(visibleFeedback(state).map((e) => e.text)).toEqual(['Saved']);
    expect(nextFeedbackChange(state)).toBe(7000);
    state = advanceFeedback(state, 6999);
    expect(visibleFeedback(state)).toHaveLength(1);
    state = advanceFeedback(state, 7000);
    expect(visibleFeedback(state)).toHaveLength(0);
    expect(nextFeedbackChange(state)).toBeNull();
  });

  it('does not add the same toast while it is shown, but does after it is gone', () => {
    let state = pushFeedback(EMPTY_FEEDBACK_QUEUE, toast('Declined'), 0);
    state = pushFeedback(state, toast('Declined'), 100);
    expect(state.entries).toHaveLength(1);
    state = pushFeedback(state, toast('Declined', { variant: 'warning' }), 100);
    expect(state.entries).toHaveLength(2);
    state = pushFeedback(state, toast('Declined'), 6000);
    expect(visibleFeedback(state).filter((e) => e.variant === 'error')).toHaveLength(1);
    expect(visibleFeedback(state)[0]?.shownAt).toBe(100);
  });

  it('keeps checkout toasts 5 s and ignores a repeat within 5 s of the first (checkout §9)', () => {
    let state = pushFeedback(EMPTY_FEEDBACK_QUEUE, toast('Card declined', { ...CHECKOUT_TOAST_OPTIONS }), 0);
    expect(nextFeedbackChange(state)).toBe(5000);
    state = dismissFeedback(state, state.entries[0]!.id, 1000);
    state = pushFeedback(state, toast('Card declined', { ...CHECKOUT_TOAST_OPTIONS }), 4999);
    expect(state.entries).toHaveLength(0);
    state = pushFeedback(state, toast('Card declined', { ...CHECKOUT_TOAST_OPTIONS }), 5000);
    expect(visibleFeedback(state)).toHaveLength(1);
  });

  it('queues toasts beyond the visible limit and shows the next when one goes', () => {
    let state = EMPTY_FEEDBACK_QUEUE;
    for (let i = 0; i <= MAX_VISIBLE_TOASTS; i += 1) state = pushFeedback(state, toast(`t${i}`), i);
    expect(visibleFeedback(state, 'toast').map((e) => e.text)).toEqual(['t0', 't1', 't2']);
    state = dismissFeedback(state, state.entries[1]!.id, 10);
    expect(visibleFeedback(state, 'toast').map((e) => e.text)).toEqual(['t0', 't2', 't3']);
    expect(state.entries.find((e) => e.text === 't3')?.shownAt).toBe(10);
  });

  it('keeps banners until dismissed, apart from toasts', () => {
    let state = pushFeedback(
      EMPTY_FEEDBACK_QUEUE,
      { kind: 'banner', variant: 'warning', text: 'Degraded' },
      0,
    );
    state = pushFeedback(state, toast('x'), 0);
    state = advanceFeedback(state, 1_000_000);
    expect(visibleFeedback(state, 'banner').map((e) => e.text)).toEqual(['Degraded']);
    expect(visibleFeedback(state, 'toast')).toHaveLength(0);
    state = dismissFeedback(state, state.entries[0]!.id, 1_000_001);
    expect(state.entries).toHaveLength(0);
  });

  it("shows one banner at a time: a newer one takes the older one's place", () => {
    let state = pushFeedback(EMPTY_FEEDBACK_QUEUE, { kind: 'banner', variant: 'success', text: 'Saved' }, 0);
    state = pushFeedback(state, toast('x'), 0);
    state = pushFeedback(state, { kind: 'banner', variant: 'success', text: 'Cancelled' }, 5);
    expect(visibleFeedback(state, 'banner').map((e) => e.text)).toEqual(['Cancelled']);
    expect(visibleFeedback(state, 'toast').map((e) => e.text)).toEqual(['x']);
  });

  it('lets success and info banners go on their own after BANNER_DISPLAY_MS (team-plan §9)', () => {
    let state = pushFeedback(EMPTY_FEEDBACK_QUEUE, { kind: 'banner', variant: 'success', text: 'Saved' }, 0);
    expect(nextFeedbackChange(state)).toBe(BANNER_DISPLAY_MS);
    state = advanceFeedback(state, BANNER_DISPLAY_MS - 1);
    expect(visibleFeedback(state, 'banner')).toHaveLength(1);
    state = advanceFeedback(state, BANNER_DISPLAY_MS);
    expect(visibleFeedback(state, 'banner')).toHaveLength(0);
    const info = pushFeedback(EMPTY_FEEDBACK_QUEUE, { kind: 'banner', variant: 'info', text: 'Note' }, 0);
    expect(info.entries[0]!.displayMs).toBe(BANNER_DISPLAY_MS);
  });

  it('returns the same state when nothing changes', () => {
    const state = pushFeedback(EMPTY_FEEDBACK_QUEUE, toast('a'), 0);
    expect(advanceFeedback(state, 10)).toBe(state);
  });
});
