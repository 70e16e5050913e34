import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StateFolderError, StateJournal } from './journal.js';
import { TrackedMap } from './tracked-map.js';

interface Item {
  id: string;
  n: number;
  at?: Date;
  tags?: Record<string, string>;
}

const folders: string[] = [];
const open: StateJournal[] = [];

afterEach(() => {
  while (open.length) open.pop()!.close();
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-journal-'));
  folders.push(dir);
  return dir;
}

function quietLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  return {
    warnings,
    log: {
      warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }),
      info: () => {},
    },
  };
}

/** A journal over one map of items, loaded and compacted as a sandbox does at start. */
function openJournal(dir: string, options: { compactAfterBytes?: number } = {}) {
  const { log, warnings } = quietLog();
  const items = new TrackedMap<Item>();
  const journal = new StateJournal(dir, { log, ...options });
  journal.trackMap('items', items);
  const loaded = journal.load();
  journal.compact();
  open.push(journal);
  return { journal, items, warnings, loaded };
}

function reopen(dir: string, journal: StateJournal, options: { compactAfterBytes?: number } = {}) {
  journal.close();
  open.splice(open.indexOf(journal), 1);
  return openJournal(dir, options);
}

const journalFile = (dir: string) =>
  path.join(
    dir,
    readdirSync(dir).find((name) => name.startsWith('journal-'))!,
  );
const journalLines = (dir: string) => readFileSync(journalFile(dir), 'utf8').split('\n').filter(Boolean);

describe('state journal', () => {
  it('brings entries back in insertion order, with their Dates, changes and removals', () => {
    const dir = folder();
    const { journal, items } = openJournal(dir);
    const at = new Date('2030-05-06T07:08:09.010Z');
    items.set('b', { id: 'b', n: 1, at, tags: { at: 'not a date' } });
    items.set('a', { id: 'a', n: 2 });
    items.set('c', { id: 'c', n: 3 });
    journal.commit();
    items.get('a')!.n = 20;
    items.delete('c');
    journal.commit();

    const again = reopen(dir, journal);
    expect([...again.items.keys()]).toEqual(['b', 'a']);
    expect(again.items.peek('a')).toEqual({ id: 'a', n: 20 });
    const b = again.items.peek('b')!;
    expect(b.at).toBeInstanceOf(Date);
    expect(b.at!.toISOString()).toBe(at.toISOString());
    expect(b.tags).toEqual({ at: 'not a date' });
  });

  it('writes one line per commit, and only the entries whose content changed', () => {
    const dir = folder();
    const { journal, items } = openJournal(dir);
    items.set('a', { id: 'a', n: 1 });
    items.set('b', { id: 'b', n: 1 });
    journal.commit();
    expect(journalLines(dir)).toHaveLength(1);
    items.get('a');
    items.get('missing');
    journal.commit();
    expect(journalLines(dir)).toHaveLength(1);
    items.get('b')!.n = 2;
    items.get('a');
    journal.commit();
    const lines = journalLines(dir);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toEqual([['items', 'b', { id: 'b', n: 2 }]]);
  });

  it('ignores a torn last line with a warning', () => {
    const dir = folder();
    const { journal, items } = openJournal(dir);
    items.set('kept', { id: 'kept', n: 1 });
    journal.commit();
    journal.close();
    open.splice(open.indexOf(journal), 1);
    // The process died in the middle of writing the next commit.
    appendFileSync(journalFile(dir), '[["items","torn",{"id":"torn","n":');

    const again = openJournal(dir);
    expect(again.loaded.tornLine).toBe(true);
    expect([...again.items.keys()]).toEqual(['kept']);
    expect(again.warnings.map((w) => w.message).join()).toMatch(/torn last journal line/);
    // The torn line is gone for good: the next start reads a clean folder.
    const third = reopen(dir, again.journal);
    expect(third.loaded.tornLine).toBe(false);
    expect([...third.items.keys()]).toEqual(['kept']);
  });

  it('refuses a journal with an unreadable line before its end', () => {
    const dir = folder();
    const { journal, items } = openJournal(dir);
    items.set('a', { id: 'a', n: 1 });
    journal.commit();
    journal.close();
    open.splice(open.indexOf(journal), 1);
    const file = journalFile(dir);
    writeFileSync(file, `garbage\n${readFileSync(file, 'utf8')}`);
    expect(() => openJournal(dir)).toThrow(/unreadable and not the last line/);
  });

  it('compacts into a new snapshot once the journal outgrows the limit', () => {
    const dir = folder();
    const { journal, items } = openJournal(dir, { compactAfterBytes: 2000 });
    const first = path.basename(journalFile(dir));
    for (let i = 0; i < 100; i++) {
      items.set(`item${i}`, { id: `item${i}`, n: i });
      journal.commit();
    }
    expect(path.basename(journalFile(dir))).not.toBe(first);
    expect(readdirSync(dir).filter((name) => name.startsWith('journal-'))).toHaveLength(1);
    const again = reopen(dir, journal);
    expect(again.items.size).toBe(100);
    expect([...again.items.keys()].slice(0, 3)).toEqual(['item0', 'item1', 'item2']);
  });

  it('lets one sandbox at a time use a folder, and takes over the lock of a dead process', () => {
    const dir = folder();
    openJournal(dir);
    expect(() => openJournal(dir)).toThrow(StateFolderError);
    open.pop()!.close();

    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(dir, 'lock'), `${dead}\n`);
    expect(() => openJournal(dir)).not.toThrow();
    expect(readFileSync(path.join(dir, 'lock'), 'utf8').trim()).toBe(String(process.pid));
  });
});
