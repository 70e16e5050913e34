import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import {
  CATALOG_FILE,
  ICU_PARSER,
  ICU_PARSER_WITHOUT_PARSE,
  compileMessages,
  precompileMessages,
} from './precompile-messages-plugin';

type Handler = (code: string, id: string) => { code: string } | null;

/** The plugin's transform as Vite calls it: the filter first, then the handler. */
function transform(code: string, id: string): { code: string } | null {
  const hook = precompileMessages().transform as { filter: { id: RegExp }; handler: Handler };
  return hook.filter.id.test(id) ? hook.handler(code, id) : null;
}

type SampleValue = string | number | Date | ((chunks: string[]) => string);

/** Values for every argument and tag of a message, so that formatting exercises all of it. */
function sampleValues(ast: readonly MessageFormatElement[], values: Record<string, SampleValue> = {}) {
  for (const element of ast) {
    if (element.type === TYPE.argument) values[element.value] ??= `«${element.value}»`;
    if (element.type === TYPE.number) values[element.value] = 1234.5;
    if (element.type === TYPE.date || element.type === TYPE.time)
      values[element.value] = new Date(Date.UTC(2026, 2, 5));
    if (element.type === TYPE.plural) {
      values[element.value] = 2;
      Object.values(element.options).forEach((option) => sampleValues(option.value, values));
    }
    if (element.type === TYPE.select) {
      values[element.value] = Object.keys(element.options)[0]!;
      Object.values(element.options).forEach((option) => sampleValues(option.value, values));
    }
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks: unknown[]) =>
        `<${element.value}>${chunks.join('')}</${element.value}>`;
      sampleValues(element.children, values);
    }
  }
  return values;
}

describe('precompiled message catalogs', () => {
  it("compiles each message to the parser's AST, without source locations", () => {
    const compiled = compileMessages({ 'auth.login.toSignup': en['auth.login.toSignup'] });
    expect(compiled['auth.login.toSignup']).toEqual(parse(en['auth.login.toSignup']));
    expect(JSON.stringify(compiled)).not.toContain('location');
  });

  it('fails the build on a message that is not valid ICU, naming it', () => {
    expect(() => compileMessages({ 'cart.count': '{count, plural, one {# course}}' })).toThrow(
      /Message cart\.count is not valid ICU: MISSING_OTHER_CLAUSE/,
    );
    expect(() => compileMessages({ 'cart.count': 3 })).toThrow('Message cart.count is not a string.');
  });

  it('formats every English message from its AST exactly as from its text', () => {
    const compiled = compileMessages(en);
    const onError = (error: unknown) => {
      throw error;
    };
    const fromText = createIntl({ locale: 'en-US', messages: en, onError, timeZone: 'UTC' });
    const fromAst = createIntl({ locale: 'en-US', messages: compiled, onError, timeZone: 'UTC' });
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      const values = sampleValues(compiled[id]!);
      expect(fromAst.formatMessage({ id }, values), id).toEqual(fromText.formatMessage({ id }, values));
    }
  });

  it('turns a catalog file into the JSON of its ASTs and leaves other files alone', () => {
    const catalog =
      '{"auth.field.email": "Email", "auth.field.passwordHint": "At least {min, number} characters."}';
    const result = transform(catalog, '/work/packages/web/src/i18n/messages/pt-BR.json');
    expect(JSON.parse(result!.code)).toEqual({
      'auth.field.email': parse('Email'),
      'auth.field.passwordHint': parse('At least {min, number} characters.'),
    });
    expect(transform(catalog, '/work/packages/web/src/i18n/messages/ja.json?raw')).toBeNull();
    expect(transform('{"name": "x"}', '/work/packages/web/package.json')).toBeNull();
    expect(transform('{"a": "{"}', '/work/packages/web/src/features/cart/fixture.json')).toBeNull();
    expect(CATALOG_FILE.test('C:\\lectern\\packages\\web\\src\\i18n\\messages\\es.json')).toBe(true);
  });

  it('points the ICU parser at its build without parse, and nothing else', () => {
    const config = (
      precompileMessages().config as () => { resolve: { alias: { find: RegExp; replacement: string }[] } }
    )();
    const [alias] = config.resolve.alias;
    expect(alias?.replacement).toBe(ICU_PARSER_WITHOUT_PARSE);
    expect(alias?.find.test(ICU_PARSER)).toBe(true);
    expect(alias?.find.test(ICU_PARSER_WITHOUT_PARSE)).toBe(false);
  });
});
