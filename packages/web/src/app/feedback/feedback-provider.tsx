import {
  advanceFeedback,
  dismissFeedback,
  EMPTY_FEEDBACK_QUEUE,
  nextFeedbackChange,
  pushFeedback,
  type FeedbackInput,
  type FeedbackQueueState,
} from '@lectern/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export interface FeedbackApi {
  /** Queues a toast or banner (platform §9: toasts stay 6 s by default; repeats are dropped). */
  push(input: FeedbackInput): void;
  dismiss(id: number): void;
}

const FeedbackApiContext = createContext<FeedbackApi | null>(null);
const FeedbackStateContext = createContext<FeedbackQueueState>(EMPTY_FEEDBACK_QUEUE);

/**
 * The app's one feedback queue (the domain's state machine, with one timer for its next
 * change). `<FeedbackToasts />` shows the toasts in a corner (the app providers render it
 * once); `<FeedbackBanners />` shows the banners where it is put (the layout, above every page).
 */
export function FeedbackProvider({ children, now = Date.now }: { children: ReactNode; now?: () => number }) {
  const [state, setState] = useState<FeedbackQueueState>(EMPTY_FEEDBACK_QUEUE);

  useEffect(() => {
    const due = nextFeedbackChange(state);
    if (due === null) return;
    const timer = setTimeout(
      () => setState((current) => advanceFeedback(current, now())),
      Math.max(0, due - now()),
    );
    return () => clearTimeout(timer);
  }, [state, now]);

  const push = useCallback(
    (input: FeedbackInput) => setState((current) => pushFeedback(current, input, now())),
    [now],
  );
  const dismiss = useCallback(
    (id: number) => setState((current) => dismissFeedback(current, id, now())),
    [now],
  );
  const api = useMemo(() => ({ push, dismiss }), [push, dismiss]);

  return (
    <FeedbackApiContext value={api}>
      <FeedbackStateContext value={state}>{children}</FeedbackStateContext>
    </FeedbackApiContext>
  );
}

export function useFeedback(): FeedbackApi {
  const api = useContext(FeedbackApiContext);
  if (!api) throw new Error('useFeedback must be used inside <FeedbackProvider>.');
  return api;
}

export function useFeedbackState(): FeedbackQueueState {
  return useContext(FeedbackStateContext);
}
