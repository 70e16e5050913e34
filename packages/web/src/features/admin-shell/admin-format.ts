import { formatMoney, type Money } from '@lectern/domain';

// The back office speaks English (decision 0036): amounts and times in en-US, in the viewer's time zone.

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const adminMoney = (value: Money) => formatMoney(value, 'en-US');
/** Several currencies' sums, largest first: "$1,200.00 · €340.00" ("—" when none). */
export const adminMoneyList = (values: readonly Money[]) =>
  values.length === 0 ? '—' : values.map(adminMoney).join(' · ');
export const adminDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const adminDate = (iso: string) => DATE.format(new Date(iso));
