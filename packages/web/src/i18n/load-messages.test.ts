import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import { createMessageLoader, loadMessages, messageLocaleFor } from './load-messages';

describe('messages', () => {
  it('picks the full tag, then the language, then English', () => {
    const available = ['en', 'pt', 'pt-BR'];
    expect(messageLocaleFor('pt-BR', available)).toBe('pt-BR');
    expect(messageLocaleFor('pt-PT', available)).toBe('pt');
    expect(messageLocaleFor('de-DE', available)).toBe('en');
  });

  it('falls back to English for a locale without a file', async () => {
    await expect(loadMessages('xx-YY')).resolves.toEqual(en);
  });

  it("takes a locale's file by its language and falls back to English per missing or empty id", async () => {
    const load = createMessageLoader({
      es: async () => ({ 'auth.login.submit': 'Iniciar sesión', 'auth.signup.submit': '' }),
    });
    const messages = (await load('es-ES')) as Record<string, string>;
    expect(messages['auth.login.submit']).toBe('Iniciar sesión');
    expect(messages['auth.signup.submit']).toBe(en['auth.signup.submit']);
    expect(messages['auth.field.email']).toBe(en['auth.field.email']);
    expect(Object.keys(messages)).toHaveLength(Object.keys(en).length);
  });

  it('falls back to English when a catalog chunk fails to load', async () => {
    const load = createMessageLoader({
      ja: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
    });
    await expect(load('ja-JP')).resolves.toEqual(en);
  });
});
