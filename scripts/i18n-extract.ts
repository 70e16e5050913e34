// `npm run i18n:extract`: which message ids the web app uses, against en.json (issue 18).
// Ids are string literals checked by TypeScript against en.json (`MessageId`, which react-intl's
// `id` also takes, see packages/web/src/i18n/intl-types.ts), so they sit in formatMessage and
// <FormattedMessage> calls and just as often in maps and props typed as MessageId. The type
// checker finds them all: a literal is in a message-id position when the type it must have is
// made of message ids. An id counts as used when such a literal, or any literal of the app's
// code, spells it; tests do not count.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_TSCONFIG = 'packages/web/tsconfig.json';
export const WEB_SOURCES = 'packages/web/src';
export const ENGLISH_CATALOG = 'packages/web/src/i18n/messages/en.json';

export interface Location {
  file: string;
  line: number;
}

export interface MessageUsageReport {
  /** Ids of en.json, with where the app's code uses each. */
  used: Map<string, Location[]>;
  /** Ids the code asks for that en.json lacks. */
  missing: { id: string; at: Location }[];
  /** Ids of en.json nothing uses. */
  unused: string[];
  /** Ids built at run time (template literals) where an id is expected: they cannot be checked. */
  dynamic: { text: string; at: Location }[];
}

export interface ExtractOptions {
  root?: string;
  tsconfig?: string;
  sources?: string;
  catalog?: string;
}

/**
 * The app's code: not the catalogs themselves (JSON is part of the program, since code imports
 * it), and not tests or test helpers (an id only they use is dead in the product).
 */
function isProductSource(file: string): boolean {
  const normalized = file.split(path.sep).join('/');
  return (
    /\.tsx?$/.test(normalized) &&
    !/\.test\.tsx?$/.test(normalized) &&
    !normalized.includes('/test-utils/') &&
    !normalized.endsWith('/test-setup.ts')
  );
}

/** Looks like an id (`cart.summary.total`): words joined by dots, nothing else. */
const ID_SHAPE = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;

export function extractMessageUsage(options: ExtractOptions = {}): MessageUsageReport {
  const root = options.root ?? ROOT;
  const catalog = JSON.parse(
    readFileSync(path.join(root, options.catalog ?? ENGLISH_CATALOG), 'utf8'),
  ) as Record<string, unknown>;
  const ids = new Set(Object.keys(catalog));
  const sourcesDir = path.join(root, options.sources ?? WEB_SOURCES) + path.sep;

  const configPath = path.join(root, options.tsconfig ?? WEB_TSCONFIG);
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`Cannot read ${configPath}.`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const checker = program.getTypeChecker();

  // A type is a message-id type when its string literals are all ids of en.json (MessageId,
  // or a part of it); the answer is the same for every literal of that type, so it is kept.
  const idTypes = new Map<ts.Type, boolean>();
  const isMessageIdType = (type: ts.Type): boolean => {
    let known = idTypes.get(type);
    if (known === undefined) {
      const members = type.isUnion() ? type.types : [type];
      const literals = members.filter((member): member is ts.StringLiteralType => member.isStringLiteral());
      known = literals.length > 0 && literals.every((literal) => ids.has(literal.value));
      idTypes.set(type, known);
    }
    return known;
  };
  const expectsMessageId = (node: ts.Expression): boolean => {
    const type = checker.getContextualType(node);
    return type !== undefined && isMessageIdType(type);
  };

  const report: MessageUsageReport = { used: new Map(), missing: [], unused: [], dynamic: [] };
  for (const source of program.getSourceFiles()) {
    const file = path.resolve(source.fileName);
    if (!file.startsWith(sourcesDir) || !isProductSource(file)) continue;
    const locationOf = (node: ts.Node): Location => ({
      file: path.relative(root, file).split(path.sep).join('/'),
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    });
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const text = node.text;
        if (ids.has(text)) {
          const places = report.used.get(text) ?? [];
          places.push(locationOf(node));
          report.used.set(text, places);
        } else if (ID_SHAPE.test(text) && !ts.isImportDeclaration(node.parent) && expectsMessageId(node)) {
          report.missing.push({ id: text, at: locationOf(node) });
        }
      } else if (ts.isTemplateExpression(node) && expectsMessageId(node)) {
        report.dynamic.push({ text: node.getText(source), at: locationOf(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  report.unused = [...ids].filter((id) => !report.used.has(id)).sort();
  return report;
}

function where(at: Location): string {
  return `${at.file}:${at.line}`;
}

/** The report as the terminal shows it; `ok` is false when anything needs fixing. */
export function formatReport(report: MessageUsageReport, catalogSize: number): { text: string; ok: boolean } {
  const lines = [`${report.used.size} of the ${catalogSize} messages of en.json are used by ${WEB_SOURCES}.`];
  if (report.missing.length > 0) {
    lines.push('', `Used but missing from en.json (${report.missing.length}):`);
    for (const { id, at } of report.missing) lines.push(`  ${id}  (${where(at)})`);
  }
  if (report.unused.length > 0) {
    lines.push('', `In en.json but used nowhere (${report.unused.length}):`);
    for (const id of report.unused) lines.push(`  ${id}`);
  }
  if (report.dynamic.length > 0) {
    lines.push(
      '',
      `Ids built at run time, which no tool can check (${report.dynamic.length}); use a map of literal ids:`,
    );
    for (const { text, at } of report.dynamic) lines.push(`  ${text}  (${where(at)})`);
  }
  const ok = report.missing.length === 0 && report.unused.length === 0 && report.dynamic.length === 0;
  if (ok) lines.push('Every id used is in en.json, and every message of en.json is used.');
  return { text: lines.join('\n'), ok };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const report = extractMessageUsage();
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        {
          used: Object.fromEntries([...report.used].map(([id, at]) => [id, at.map(where)])),
          missing: report.missing.map(({ id, at }) => ({ id, at: where(at) })),
          unused: report.unused,
          dynamic: report.dynamic.map(({ text, at }) => ({ text, at: where(at) })),
        },
        null,
        2,
      ),
    );
    process.exitCode = report.missing.length + report.unused.length + report.dynamic.length > 0 ? 1 : 0;
  } else {
    const size = Object.keys(
      JSON.parse(readFileSync(path.join(ROOT, ENGLISH_CATALOG), 'utf8')) as object,
    ).length;
    const { text, ok } = formatReport(report, size);
    console.log(text);
    process.exitCode = ok ? 0 : 1;
  }
}
