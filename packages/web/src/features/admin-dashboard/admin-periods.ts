/**
 * The dashboard's periods (issue 33): presets that staff pick most, each a span of whole UTC
 * days (`YYYY-MM-DD`, both ends included), or a custom span from the URL.
 */
export const ADMIN_PERIOD_PRESETS = [
  'this_month',
  'last_month',
  'last_30_days',
  'this_quarter',
  'last_quarter',
  'this_year',
] as const;
export type AdminPeriodPreset = (typeof ADMIN_PERIOD_PRESETS)[number];

export const ADMIN_PERIOD_LABELS: Readonly<Record<AdminPeriodPreset | 'custom', string>> = {
  this_month: 'This month',
  last_month: 'Last month',
  last_30_days: 'Last 30 days',
  this_quarter: 'This quarter',
  last_quarter: 'Last quarter',
  this_year: 'This year',
  custom: 'Custom',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => Date.UTC(year, month, day);

/** The days of `preset` as of `now` (UTC). A period that has not ended runs to today. */
export function periodOf(preset: AdminPeriodPreset, now: Date): { from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const today = utc(year, month, now.getUTCDate());
  const quarter = Math.floor(month / 3) * 3;
  switch (preset) {
    case 'this_month':
      return { from: iso(utc(year, month, 1)), to: iso(today) };
    case 'last_month':
      return { from: iso(utc(year, month - 1, 1)), to: iso(utc(year, month, 1) - DAY_MS) };
    case 'last_30_days':
      return { from: iso(today - 29 * DAY_MS), to: iso(today) };
    case 'this_quarter':
      return { from: iso(utc(year, quarter, 1)), to: iso(today) };
    case 'last_quarter':
      return { from: iso(utc(year, quarter - 3, 1)), to: iso(utc(year, quarter, 1) - DAY_MS) };
    case 'this_year':
      return { from: iso(utc(year, 0, 1)), to: iso(today) };
  }
}

export const isPeriodPreset = (value: string | null): value is AdminPeriodPreset =>
  (ADMIN_PERIOD_PRESETS as readonly string[]).includes(value ?? '');
