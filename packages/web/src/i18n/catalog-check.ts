// Used by the catalog test and tools, never by the app: it parses messages, which the
// browser bundle must not (see precompile-messages-plugin.ts).
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** How a message uses one of its arguments, as the ICU syntax writes it: `{n, plural}`, `<link>`. */
type Usage = 'argument' | 'number' | 'date' | 'time' | 'plural' | 'selectordinal' | 'select' | 'tag';

interface Placeholder {
  usages: Set<Usage>;
  /** A select's cases: the values the code passes, so a translation must keep them all. */
  selectCases?: string[];
}

/** The arguments and tags of a message, by name. */
export function placeholdersOf(ast: readonly MessageFormatElement[]): Map<string, Placeholder> {
  const found = new Map<string, Placeholder>();
  const record = (name: string, usage: Usage) => {
    const placeholder = found.get(name) ?? { usages: new Set<Usage>() };
    placeholder.usages.add(usage);
    found.set(name, placeholder);
    return placeholder;
  };
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          record(element.value, 'argument');
          break;
        case TYPE.number:
          record(element.value, 'number');
          break;
        case TYPE.date:
          record(element.value, 'date');
          break;
        case TYPE.time:
          record(element.value, 'time');
          break;
        case TYPE.plural:
          record(element.value, element.pluralType === 'ordinal' ? 'selectordinal' : 'plural');
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.select:
          record(element.value, 'select').selectCases = Object.keys(element.options).sort();
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          record(element.value, 'tag');
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(ast);
  return found;
}

/**
 * What the code must pass for an argument, whichever way a language writes it: a number may
 * be shown as `{n, number}` in English and need `{n, plural, …}` in Spanish (and inside a
 * plural `{n}` says what `#` does); a date may show as `date` or `time`.
 */
type ValueKind = 'any' | 'number' | 'date' | 'select' | 'tag';

const VALUE_KIND: Record<Usage, ValueKind> = {
  argument: 'any',
  number: 'number',
  plural: 'number',
  selectordinal: 'number',
  date: 'date',
  time: 'date',
  select: 'select',
  tag: 'tag',
};

function valueKinds(placeholder: Placeholder): string {
  const kinds = new Set([...placeholder.usages].map((usage) => VALUE_KIND[usage]));
  if (kinds.has('number')) kinds.delete('any');
  return [...kinds].sort().join('+');
}

function describeUsage(name: string, usage: Usage): string {
  if (usage === 'tag') return `<${name}>`;
  return usage === 'argument' ? `{${name}}` : `{${name}, ${usage}}`;
}

function describeAll(name: string, placeholder: Placeholder): string {
  return [...placeholder.usages].map((usage) => describeUsage(name, usage)).join(' and ');
}

/**
 * How a translation's arguments and tags differ from the English message's: each argument
 * with the same name and kind of value (text, number, date, select), each tag, and each
 * select's cases. Plural cases may differ: every language has its own (Japanese only `other`).
 */
export function structureDifferences(
  english: readonly MessageFormatElement[],
  translation: readonly MessageFormatElement[],
): string[] {
  const expected = placeholdersOf(english);
  const actual = placeholdersOf(translation);
  const differences: string[] = [];
  for (const [name, wanted] of expected) {
    const got = actual.get(name);
    if (!got) {
      differences.push(`lacks ${describeAll(name, wanted)}`);
      continue;
    }
    if (valueKinds(got) !== valueKinds(wanted)) {
      differences.push(`has ${describeAll(name, got)} where English has ${describeAll(name, wanted)}`);
      continue;
    }
    const wantedCases = wanted.selectCases?.join('|');
    const gotCases = got.selectCases?.join('|');
    if (wantedCases !== gotCases) {
      differences.push(`has the cases ${gotCases} of {${name}, select} where English has ${wantedCases}`);
    }
  }
  for (const [name, got] of actual) {
    if (!expected.has(name)) differences.push(`has ${describeAll(name, got)}, which English lacks`);
  }
  return differences;
}

/**
 * Every problem of one translated catalog against English, one line each, naming the file
 * and the id: a message missing (or empty), an id English lacks, a message that is not a
 * string or not valid ICU, and arguments or tags that differ from the English message's.
 */
export function catalogProblems(
  file: string,
  english: Readonly<Record<string, string>>,
  catalog: Readonly<Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  for (const id of Object.keys(english)) {
    const translation = catalog[id];
    if (translation === undefined || translation === '') problems.push(`${file}: missing "${id}"`);
  }
  for (const [id, translation] of Object.entries(catalog)) {
    const source = english[id];
    if (source === undefined) {
      problems.push(`${file}: "${id}" is not in en.json`);
      continue;
    }
    if (typeof translation !== 'string') {
      problems.push(`${file}: "${id}" is not a string`);
      continue;
    }
    if (translation === '') continue;
    const translated = parsed(translation);
    if ('error' in translated) {
      problems.push(`${file}: "${id}" is not valid ICU (${translated.error})`);
      continue;
    }
    const original = parsed(source);
    // A broken English message is reported against en.json itself (syntaxProblems).
    if ('error' in original) continue;
    for (const difference of structureDifferences(original.ast, translated.ast)) {
      problems.push(`${file}: "${id}" ${difference}`);
    }
  }
  return problems;
}

/** Messages of a catalog that are not valid ICU, one line each. */
export function syntaxProblems(file: string, catalog: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(catalog).flatMap(([id, message]) => {
    if (typeof message !== 'string') return [`${file}: "${id}" is not a string`];
    const result = parsed(message);
    return 'error' in result ? [`${file}: "${id}" is not valid ICU (${result.error})`] : [];
  });
}

/** A message's AST, or why it does not parse ("EXPECT_ARGUMENT_CLOSING_BRACE at character 12"). */
function parsed(message: string): { ast: MessageFormatElement[] } | { error: string } {
  try {
    return { ast: parse(message) };
  } catch (error) {
    const offset = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    const kind = (error as Error).message;
    return { error: offset === undefined ? kind : `${kind} at character ${offset + 1}` };
  }
}
