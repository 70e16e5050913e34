import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import { loadMessages, messageLocaleFor } from './load-messages';

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
});
