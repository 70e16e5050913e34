import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en.json';
import es from '../../i18n/messages/es.json';
import ja from '../../i18n/messages/ja.json';
import ptBR from '../../i18n/messages/pt-BR.json';

// The retention offer's headline and terms in each language the storefront speaks, with the
// figures the dialog passes (decision 0029): plurals, the interval's select and ICU percents.

const CATALOGS = { 'en-US': en, 'es-ES': es, 'pt-BR': ptBR, 'ja-JP': ja } as const;

const monthly = {
  percent: 0.5,
  periods: 2,
  interval: 'MONTH',
  discounted: '$16.59',
  regular: '$33.17',
  date: 'March 5, 2027',
  regularFrom: 'May 5, 2027',
};
const annual = { ...monthly, percent: 0.25, periods: 1, interval: 'YEAR' };

function format(locale: keyof typeof CATALOGS, id: keyof typeof en, values: Record<string, string | number>) {
  return createIntl({
    locale,
    messages: CATALOGS[locale],
    onError: (error) => expect.fail(String(error)),
  }).formatMessage({ id }, values);
}

describe('retention offer messages', () => {
  it.each([
    ['en-US', 'Stay and get your next 2 months at 50% off', 'Stay and get your next year at 25% off'],
    [
      'es-ES',
      // Spanish puts a (no-break) space before the percent sign.
      /^Quédate y llévate los próximos 2 meses con un 50\s% de descuento$/,
      /^Quédate y llévate el próximo año con un 25\s% de descuento$/,
    ],
    [
      'pt-BR',
      'Fique e ganhe 50% de desconto nos próximos 2 meses',
      'Fique e ganhe 25% de desconto no próximo ano',
    ],
    [
      'ja-JP',
      'ご継続いただくと、今後2か月間のお支払いが50%オフ',
      'ご継続いただくと、今後1年間のお支払いが25%オフ',
    ],
  ] as const)('words the headline in %s', (locale, month, year) => {
    expect(format(locale, 'subscriptions.retention.headline', monthly)).toMatch(month);
    expect(format(locale, 'subscriptions.retention.headline', annual)).toMatch(year);
  });

  it.each(Object.keys(CATALOGS) as (keyof typeof CATALOGS)[])(
    'states every figure of the terms in %s',
    (locale) => {
      const terms = format(locale, 'subscriptions.retention.terms', monthly);
      for (const figure of ['$16.59', '$33.17', 'March 5, 2027', 'May 5, 2027', '2'])
        expect(terms).toContain(figure);
      const once = format(locale, 'subscriptions.retention.terms', annual);
      expect(once).not.toBe(terms);
      expect(once).not.toMatch(/\b1\b|1回/);
    },
  );
});
