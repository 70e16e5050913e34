import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractMessageUsage, formatReport, type MessageUsageReport } from './i18n-extract.js';

// A small web app laid out like ours: en.json, MessageId from it, and ids passed every way the
// app passes them.
const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      module: 'ESNext',
      moduleResolution: 'Bundler',
      resolveJsonModule: true,
      noEmit: true,
      types: [],
    },
    include: ['src'],
  }),
  'src/i18n/messages/en.json': JSON.stringify({
    'cart.title': 'Your cart',
    'cart.empty': 'Your cart is empty',
    'cart.status.paid': 'Paid',
    'cart.status.refunded': 'Refunded',
    'checkout.submit': 'Pay',
    'legal.old': 'Nobody reads this any more',
    'legal.testOnly': 'Only a test asks for this',
  }),
  'src/i18n/messages.ts': `
import en from './messages/en.json';
export type MessageId = keyof typeof en;
export function formatMessage(descriptor: { id: MessageId }, values?: Record<string, unknown>): string {
  return String(descriptor.id) + JSON.stringify(values ?? {});
}`,
  'src/features/cart/cart-page.ts': `
import { formatMessage, type MessageId } from '../../i18n/messages';
type Status = 'paid' | 'refunded';
const STATUS: Record<Status, MessageId> = { paid: 'cart.status.paid', refunded: 'cart.status.refunded' };
export const title = formatMessage({ id: 'cart.title' });
export const status = (s: Status) => formatMessage({ id: STATUS[s] });
export const heading = (empty: boolean): MessageId => (empty ? 'cart.empty' : 'cart.titel');
// @ts-expect-error: missing from en.json, as the report must say too
export const total = formatMessage({ id: 'cart.total' });
export const dynamic = (s: Status) => formatMessage({ id: \`cart.status.\${s}\` as MessageId });
export const classes = ['cart.title-bar', 'a.b'];`,
  'src/features/checkout/submit.ts': `
const label = 'checkout.submit';
export const button = { label };`,
  'src/features/cart/cart-page.test.ts': `
import { formatMessage } from '../../i18n/messages';
export const fromTest = formatMessage({ id: 'legal.testOnly' });`,
};

let root: string;
let report: MessageUsageReport;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'i18n-extract-'));
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  report = extractMessageUsage({
    root,
    tsconfig: 'tsconfig.json',
    sources: 'src',
    catalog: 'src/i18n/messages/en.json',
  });
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm run i18n:extract', () => {
  it('counts ids used in calls, in maps and returns typed as MessageId, and in plain constants', () => {
    expect([...report.used.keys()].sort()).toEqual([
      'cart.empty',
      'cart.status.paid',
      'cart.status.refunded',
      'cart.title',
      'checkout.submit',
    ]);
    expect(report.used.get('cart.title')).toEqual([{ file: 'src/features/cart/cart-page.ts', line: 5 }]);
  });

  it('reports ids asked for where a message id is expected but missing from en.json', () => {
    expect(report.missing).toEqual([
      { id: 'cart.titel', at: { file: 'src/features/cart/cart-page.ts', line: 7 } },
      { id: 'cart.total', at: { file: 'src/features/cart/cart-page.ts', line: 9 } },
    ]);
  });

  it('reports ids of en.json that only tests, or nothing, use', () => {
    expect(report.unused).toEqual(['legal.old', 'legal.testOnly']);
  });

  it('reports ids built at run time where an id is expected', () => {
    expect(report.dynamic).toEqual([
      { text: '`cart.status.${s}`', at: { file: 'src/features/cart/cart-page.ts', line: 10 } },
    ]);
  });

  it('prints each finding with its place, and fails when there is any', () => {
    const { text, ok } = formatReport(report, 7);
    expect(ok).toBe(false);
    expect(text).toContain('5 of the 7 messages of en.json are used');
    expect(text).toContain('  cart.titel  (src/features/cart/cart-page.ts:7)');
    expect(text).toContain('In en.json but used nowhere (2):\n  legal.old\n  legal.testOnly');
    expect(formatReport({ used: report.used, missing: [], unused: [], dynamic: [] }, 5).ok).toBe(true);
  });
});
