import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Measurement } from './measure.js';

export interface Row extends Measurement {
  /** This scenario's requests/s divided by its floor's (read or write), measured in the same run. */
  ratioToFloor: number;
}

export function toRows(floor: Measurement, measured: Measurement[], writeFloor?: Measurement): Row[] {
  return [floor, ...measured].map((m) => {
    const base = m.floor === 'write' && writeFloor ? writeFloor : floor;
    return { ...m, ratioToFloor: base.requestsPerSec > 0 ? m.requestsPerSec / base.requestsPerSec : 0 };
  });
}

/** One line per scenario; an `events/s` column when some scenario counts events (the collector). */
export function formatTable(rows: Row[]): string {
  const withEvents = rows.some((r) => r.eventsPerSec !== undefined);
  const header = [
    'scenario',
    'requests/s',
    ...(withEvents ? ['events/s'] : []),
    'p50 ms',
    'p99 ms',
    '÷ floor',
  ];
  const body = rows.map((r) => [
    r.scenario,
    r.requestsPerSec.toFixed(0),
    ...(withEvents ? [r.eventsPerSec === undefined ? '' : r.eventsPerSec.toFixed(0)] : []),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.ratioToFloor.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  // First column left-aligned, figures right-aligned.
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

export async function writeJson(path: string, data: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`);
}
