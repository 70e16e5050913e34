// Platform §5: date text typed by a user, read in the order of the user's locale.

/** Platform §8 texts. */
export const DATE_TEXT_MESSAGES = {
  invalidDate: 'Invalid date',
  unknownLocale: 'Unknown locale for parsing date string',
} as const;

type PartOrder = 'MDY' | 'DMY' | 'YMD';

export interface DateTextFormat {
  order: PartOrder;
  /** Characters accepted between the parts; the first is the one shown in placeholders. */
  separators: string;
  /** Characters that may end the text (Korean "2024. 11. 22.", CJK "22日"). */
  trailing: string;
  /** What to show as a hint in the input. */
  placeholder: string;
}

const format = (
  order: PartOrder,
  separators: string,
  placeholder: string,
  trailing = '',
): DateTextFormat => ({
  order,
  separators,
  trailing,
  placeholder,
});

/**
 * The 17 locales of the product's interface languages (English, German, Spanish, French,
 * Indonesian, Italian, Japanese, Korean, Dutch, Polish, Portuguese (Brazil), Romanian,
 * Russian, Thai, Turkish, Chinese simplified and traditional: the marketplace's language
 * menu) plus ISO 8601. Each part order and separator is that locale's short date in CLDR
 * (what `Intl.DateTimeFormat(locale).format()` shows), so text typed the way the locale
 * writes dates reads back; CJK locales also take the 年/月/日 (년/월/일) form.
 */
export const DATE_TEXT_FORMATS = {
  en_US: format('MDY', '/', 'MM/DD/YYYY'),
  de_DE: format('DMY', '.', 'TT.MM.JJJJ'),
  es_ES: format('DMY', '/', 'DD/MM/AAAA'),
  fr_FR: format('DMY', '/', 'JJ/MM/AAAA'),
  id_ID: format('DMY', '/', 'DD/MM/YYYY'),
  it_IT: format('DMY', '/', 'GG/MM/AAAA'),
  ja_JP: format('YMD', '/-年月', 'YYYY/MM/DD', '日'),
  ko_KR: format('YMD', '.-년월', 'YYYY. MM. DD.', '.일'),
  nl_NL: format('DMY', '-', 'DD-MM-JJJJ'),
  pl_PL: format('DMY', '.', 'DD.MM.RRRR'),
  pt_BR: format('DMY', '/', 'DD/MM/AAAA'),
  ro_RO: format('DMY', '.', 'ZZ.LL.AAAA'),
  ru_RU: format('DMY', '.', 'ДД.ММ.ГГГГ'),
  th_TH: format('DMY', '/', 'DD/MM/YYYY'),
  tr_TR: format('DMY', '.', 'GG.AA.YYYY'),
  zh_CN: format('YMD', '/-年月', 'YYYY/MM/DD', '日'),
  zh_TW: format('YMD', '/-年月', 'YYYY/MM/DD', '日'),
  ISO: format('YMD', '-', 'YYYY-MM-DD'),
} as const satisfies Record<string, DateTextFormat>;

export type DateTextLocale = keyof typeof DATE_TEXT_FORMATS;
export const DATE_TEXT_LOCALES = Object.keys(DATE_TEXT_FORMATS) as DateTextLocale[];

/** Thai dates are usually written in the Buddhist era, 543 years ahead. */
const THAI_ERA_OFFSET = 543;
const THAI_ERA_FROM = 2400;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export type DateTextResult =
  { ok: true; date: CalendarDate; iso: string } | { ok: false; error: 'Invalid date' };

/** Accepts "en_US", "en-US" and "ISO"/"iso"; anything else is not a known locale. */
export function dateTextLocaleOf(locale: string): DateTextLocale | null {
  const key = locale.toUpperCase() === 'ISO' ? 'ISO' : locale.replace('-', '_');
  return Object.hasOwn(DATE_TEXT_FORMATS, key) ? (key as DateTextLocale) : null;
}

const patterns = new Map<DateTextLocale, RegExp>();

function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}

function patternOf(locale: DateTextLocale): RegExp {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const { separators, trailing } = DATE_TEXT_FORMATS[locale] as DateTextFormat;
    const sep = `\\s*[${escapeClass(separators)}]\\s*`;
    const end = trailing ? `(?:\\s*[${escapeClass(trailing)}])?` : '';
    pattern = new RegExp(`^\\s*(\\d{1,4})${sep}(\\d{1,4})${sep}(\\d{1,4})${end}\\s*$`);
    patterns.set(locale, pattern);
  }
  return pattern;
}

/**
 * Platform §5: reads a date typed in the locale's order. The text must hold three numeric
 * parts with month 1–12, day 1–31 and year at least 100 (so two-digit years are refused);
 * otherwise the result is 'Invalid date'. As the spec rules, a day is not checked against
 * its month's length. An unknown locale throws 'Unknown locale for parsing date string'.
 */
export function parseDateText(text: string, locale: string): DateTextResult {
  const known = dateTextLocaleOf(locale);
  if (!known) throw new Error(DATE_TEXT_MESSAGES.unknownLocale);
  const match = patternOf(known).exec(text);
  if (!match) return { ok: false, error: DATE_TEXT_MESSAGES.invalidDate };
  const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const order = DATE_TEXT_FORMATS[known].order;
  const [written, month, day] = order === 'MDY' ? [c, a, b] : order === 'DMY' ? [c, b, a] : [a, b, c];
  const year = known === 'th_TH' && written >= THAI_ERA_FROM ? written - THAI_ERA_OFFSET : written;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 100) {
    return { ok: false, error: DATE_TEXT_MESSAGES.invalidDate };
  }
  const pad = (value: number, length: number) => String(value).padStart(length, '0');
  return { ok: true, date: { year, month, day }, iso: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` };
}
