// Build-time only (vite.config.ts): nothing the browser loads may import this module, or the
// ICU parser it exists to keep out of the bundle would come back.
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** The message catalogs: `src/i18n/messages/<locale>.json`. */
export const CATALOG_FILE = /[\\/]src[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/;

/** The parser package and the build of it without `parse`, which the bundle takes instead. */
export const ICU_PARSER = '@formatjs/icu-messageformat-parser';
export const ICU_PARSER_WITHOUT_PARSE = '@formatjs/icu-messageformat-parser/no-parser.js';

/**
 * A catalog's messages as ICU ASTs, the form react-intl formats without parsing (its
 * "precompiled messages"). A message that does not parse fails the build, naming its id.
 */
export function compileMessages(catalog: Record<string, unknown>): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(catalog).map(([id, message]) => {
      if (typeof message !== 'string') throw new Error(`Message ${id} is not a string.`);
      try {
        return [id, parse(message)];
      } catch (error) {
        throw new Error(`Message ${id} is not valid ICU: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

/**
 * Turns every catalog into ICU ASTs as it is imported (still JSON, so each stays its own
 * lazily loaded chunk), and points the parser package at its parse-less build: the browser
 * never parses a message, and does not download the parser (react-intl's documented
 * set-up, done by the build instead of a committed compiled copy of each catalog).
 */
export function precompileMessages(): Plugin {
  return {
    name: 'lectern:precompile-messages',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: new RegExp(`^${ICU_PARSER}$`), replacement: ICU_PARSER_WITHOUT_PARSE }],
      },
    }),
    transform: {
      filter: { id: CATALOG_FILE },
      handler(code) {
        const catalog = JSON.parse(code) as Record<string, unknown>;
        return { code: JSON.stringify(compileMessages(catalog)), map: null };
      },
    },
  };
}
