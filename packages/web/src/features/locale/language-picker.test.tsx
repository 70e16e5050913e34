import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { englishMessages } from '../../i18n/load-messages';
import { readCookie } from '../../platform/cookies';
import { currentLocale } from '../../platform/locale';
import { documentCookieJar } from '../consent/cookie-jar';
import { LanguagePicker } from './language-picker';
import { chooseLocale, LOCALE_COOKIE_MAX_AGE_SECONDS } from './locale-choice';

function renderPicker(locale: string, reload = vi.fn()) {
  render(
    <IntlProvider locale={locale} messages={englishMessages}>
      <LanguagePicker reload={reload} />
    </IntlProvider>,
  );
  return { reload, select: screen.getByRole('combobox', { name: 'Language' }) };
}

describe('LanguagePicker', () => {
  it("lists each language in its own name and language, showing the page's", () => {
    const { select } = renderPicker('pt-BR');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.lang, option.value])).toEqual([
      ['English', 'en-US', 'en-US'],
      ['Español', 'es-ES', 'es-ES'],
      ['Português (Brasil)', 'pt-BR', 'pt-BR'],
      ['日本語', 'ja-JP', 'ja-JP'],
    ]);
    expect(select).toHaveProperty('value', 'pt-BR');
  });

  it('keeps the chosen language in the locale cookie and reloads the page in it', () => {
    const { select, reload } = renderPicker('en-US');
    fireEvent.change(select, { target: { value: 'ja-JP' } });
    expect(readCookie('ud_locale')).toBe('ja_JP');
    expect(currentLocale(document.cookie, ['en-US'])).toBe('ja-JP');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('chooseLocale', () => {
  it('writes ud_locale for a year on the whole site, first-party, Secure on https, then reloads', () => {
    const cookies: string[] = [];
    const doc = {
      location: { protocol: 'https:' },
      set cookie(value: string) {
        cookies.push(value);
      },
    } as unknown as Document;
    const reload = vi.fn();
    chooseLocale('pt-BR', { jar: documentCookieJar(doc), reload });
    expect(cookies).toEqual(['ud_locale=pt_BR; Max-Age=31536000; Path=/; SameSite=Lax; Secure']);
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
    expect(reload).toHaveBeenCalledOnce();
  });
});
