// The feedback queue behind alert banners and toasts (platform §3, §9; checkout §9): a pure
// state machine. The web app keeps the state, calls these with the current time, and sets one
// timer for `nextFeedbackChange`.

export type FeedbackKind = 'toast' | 'banner';
export type FeedbackVariant = 'error' | 'success' | 'warning' | 'info';

/** Platform §9: toasts hide after 6 s by default. */
export const TOAST_DISPLAY_MS = 6_000;
/** Team-plan §9: subscription banners auto-dismiss; a success or notice banner goes after 10 s. */
export const BANNER_DISPLAY_MS = 10_000;
/** Checkout §9: checkout toasts hide after 5 s, and the same text is not shown twice within 5 s. */
export const CHECKOUT_TOAST_OPTIONS = { displayMs: 5_000, dedupeMs: 5_000 } as const;
/** Toasts shown at once; later ones wait their turn so none is hidden before it is read. */
export const MAX_VISIBLE_TOASTS = 3;
/** Entries kept (shown and waiting); older waiting toasts are dropped past it. */
export const MAX_FEEDBACK_ENTRIES = 20;

export interface FeedbackInput {
  kind: FeedbackKind;
  variant: FeedbackVariant;
  text: string;
  title?: string;
  /**
   * How long it stays once shown. Toasts default to TOAST_DISPLAY_MS; success and info banners
   * to BANNER_DISPLAY_MS; error and warning banners stay until dismissed (null) unless given a
   * time.
   */
  displayMs?: number | null;
  /**
   * The same kind, variant, title and text are not added again while one is queued or shown,
   * nor within `dedupeMs` after it was added (0 by default: only while present).
   */
  dedupeMs?: number;
}

export interface FeedbackEntry {
  id: number;
  kind: FeedbackKind;
  variant: FeedbackVariant;
  text: string;
  title: string | null;
  displayMs: number | null;
  /** When it became visible; null while a toast waits for a free place. */
  shownAt: number | null;
  key: string;
}

export interface FeedbackQueueState {
  entries: readonly FeedbackEntry[];
  /** Key → until when a repeat is ignored. */
  recent: Readonly<Record<string, number>>;
  nextId: number;
}

export const EMPTY_FEEDBACK_QUEUE: FeedbackQueueState = { entries: [], recent: {}, nextId: 1 };

function keyOf(input: Pick<FeedbackInput, 'kind' | 'variant' | 'text' | 'title'>): string {
  return JSON.stringify([input.kind, input.variant, input.title ?? null, input.text]);
}

function isExpired(entry: FeedbackEntry, now: number): boolean {
  return entry.shownAt !== null && entry.displayMs !== null && now >= entry.shownAt + entry.displayMs;
}

/** Drops what has expired, forgets old dedupe marks, and shows waiting toasts in order. */
export function advanceFeedback(state: FeedbackQueueState, now: number): FeedbackQueueState {
  let entries = state.entries.filter((entry) => !isExpired(entry, now));
  let visibleToasts = entries.filter((entry) => entry.kind === 'toast' && entry.shownAt !== null).length;
  entries = entries.map((entry) => {
    if (entry.shownAt !== null) return entry;
    if (entry.kind === 'banner') return { ...entry, shownAt: now };
    if (visibleToasts >= MAX_VISIBLE_TOASTS) return entry;
    visibleToasts += 1;
    return { ...entry, shownAt: now };
  });
  const recent = Object.fromEntries(Object.entries(state.recent).filter(([, until]) => until > now));
  const changed =
    entries.length !== state.entries.length ||
    entries.some((entry, i) => entry !== state.entries[i]) ||
    Object.keys(recent).length !== Object.keys(state.recent).length;
  return changed ? { ...state, entries, recent } : state;
}

/** Adds an entry unless it repeats one present or recently added; then advances. */
function defaultDisplayMs(input: FeedbackInput): number | null {
  if (input.kind === 'toast') return TOAST_DISPLAY_MS;
  return input.variant === 'success' || input.variant === 'info' ? BANNER_DISPLAY_MS : null;
}

export function pushFeedback(
  state: FeedbackQueueState,
  input: FeedbackInput,
  now: number,
): FeedbackQueueState {
  const current = advanceFeedback(state, now);
  const key = keyOf(input);
  if (current.entries.some((entry) => entry.key === key) || (current.recent[key] ?? 0) > now) return current;
  const displayMs = input.displayMs !== undefined ? input.displayMs : defaultDisplayMs(input);
  const entry: FeedbackEntry = {
    id: current.nextId,
    kind: input.kind,
    variant: input.variant,
    text: input.text,
    title: input.title ?? null,
    displayMs,
    shownAt: null,
    key,
  };
  // One banner at a time: the newest says what just happened, so it takes the older one's place.
  let entries = [
    ...current.entries.filter((other) => entry.kind !== 'banner' || other.kind !== 'banner'),
    entry,
  ];
  if (entries.length > MAX_FEEDBACK_ENTRIES) {
    const oldestWaiting = entries.findIndex((e) => e.shownAt === null && e.kind === 'toast');
    entries = entries.filter((_, i) => i !== (oldestWaiting === -1 ? 0 : oldestWaiting));
  }
  const dedupeMs = input.dedupeMs ?? 0;
  const recent = dedupeMs > 0 ? { ...current.recent, [key]: now + dedupeMs } : current.recent;
  return advanceFeedback({ entries, recent, nextId: current.nextId + 1 }, now);
}

/** Removes an entry (the close button, or the page acting on it); the next toast shows. */
export function dismissFeedback(state: FeedbackQueueState, id: number, now: number): FeedbackQueueState {
  return advanceFeedback({ ...state, entries: state.entries.filter((entry) => entry.id !== id) }, now);
}

/** What is on screen now, toasts and banners, in the order they were added. */
export function visibleFeedback(state: FeedbackQueueState, kind?: FeedbackKind): FeedbackEntry[] {
  return state.entries.filter(
    (entry) => entry.shownAt !== null && (kind === undefined || entry.kind === kind),
  );
}

/** When the next shown entry expires (call `advanceFeedback` then), or null. */
export function nextFeedbackChange(state: FeedbackQueueState): number | null {
  const times = state.entries.flatMap((entry) =>
    entry.shownAt !== null && entry.displayMs !== null ? [entry.shownAt + entry.displayMs] : [],
  );
  return times.length === 0 ? null : Math.min(...times);
}
