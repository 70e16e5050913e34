import { describe, expect, it } from 'vitest';
import { DATE_TEXT_LOCALES, parseDateText } from './date-text.js';

const ok = (year: number, month: number, day: number) => ({
  ok: true,
  date: { year, month, day },
  iso: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
});
const invalid = { ok: false, error: 'Invalid date' };

describe('parseDateText (platform §5)', () => {
  it('supports 17 locales plus ISO', () => {
    expect(DATE_TEXT_LOCALES).toHaveLength(18);
    expect(DATE_TEXT_LOCALES).toContain('ISO');
  });

  it.each([
    ['en_US', '11/22/2026'],
    ['de_DE', '22.11.2026'],
    ['es_ES', '22/11/2026'],
    ['fr_FR', '22/11/2026'],
    ['id_ID', '22/11/2026'],
    ['it_IT', '22/11/2026'],
    ['ja_JP', '2026/11/22'],
    ['ko_KR', '2026. 11. 22.'],
    ['nl_NL', '22-11-2026'],
    ['pl_PL', '22.11.2026'],
    ['pt_BR', '22/11/2026'],
    ['ro_RO', '22.11.2026'],
    ['ru_RU', '22.11.2026'],
    ['th_TH', '22/11/2026'],
    ['tr_TR', '22.11.2026'],
    ['zh_CN', '2026/11/22'],
    ['zh_TW', '2026/11/22'],
    ['ISO', '2026-11-22'],
  ])('%s reads %s as 22 November 2026', (locale, text) => {
    expect(parseDateText(text, locale)).toEqual(ok(2026, 11, 22));
  });

  it('takes single digits, spaces, the CJK form, the hyphenated locale name and the Thai era', () => {
    expect(parseDateText(' 1/2/2026 ', 'en_US')).toEqual(ok(2026, 1, 2));
    expect(parseDateText('2026年11月22日', 'ja_JP')).toEqual(ok(2026, 11, 22));
    expect(parseDateText('2026년 11월 22일', 'ko_KR')).toEqual(ok(2026, 11, 22));
    expect(parseDateText('22.11.2026', 'de-DE')).toEqual(ok(2026, 11, 22));
    expect(parseDateText('22/11/2569', 'th_TH')).toEqual(ok(2026, 11, 22));
  });

  it('refuses a month outside 1–12, a day outside 1–31 and a year below 100', () => {
    expect(parseDateText('13/01/2026', 'en_US')).toEqual(invalid);
    expect(parseDateText('11/22/2026', 'de_DE')).toEqual(invalid);
    expect(parseDateText('00/10/2026', 'en_US')).toEqual(invalid);
    expect(parseDateText('01/32/2026', 'en_US')).toEqual(invalid);
    expect(parseDateText('01/00/2026', 'en_US')).toEqual(invalid);
    expect(parseDateText('01/02/26', 'en_US')).toEqual(invalid);
    expect(parseDateText('01/02/0099', 'en_US')).toEqual(invalid);
    expect(parseDateText('01/02/0100', 'en_US')).toEqual(ok(100, 1, 2));
  });

  it('refuses text that is not three numeric parts with the locale separator', () => {
    for (const text of [
      '',
      '2026-11',
      '2026-11-22-01',
      '2026-1a-22',
      'Nov 22 2026',
      '22/11/2026',
      '2026/11/22',
    ]) {
      expect(parseDateText(text, 'ISO')).toEqual(invalid);
    }
    expect(parseDateText('22/11/2026', 'de_DE')).toEqual(invalid);
  });

  it('throws on an unknown locale', () => {
    expect(() => parseDateText('2026-11-22', 'xx_XX')).toThrow('Unknown locale for parsing date string');
    expect(() => parseDateText('2026-11-22', 'vi_VN')).toThrow('Unknown locale for parsing date string');
  });
});
