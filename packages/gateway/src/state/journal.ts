import { hash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { TouchListener, TrackedMap } from './tracked-map.js';

/**
 * One kind of persisted entry (customers, events, idempotency records, …), keyed by id.
 * `read` and `entries` give what goes to disk (plain JSON data; Dates are tagged and come
 * back as Dates); `restore` rebuilds an entry from disk, `undefined` meaning it was removed.
 */
export interface Collection {
  /** The entry's persisted form, or `undefined` when it no longer exists. Must not report touches. */
  read(id: string): unknown;
  /** Every entry, in the order a restart should rebuild them (lists rely on insertion order). */
  entries(): Iterable<readonly [string, unknown]>;
  restore(id: string, value: unknown): void;
}

export interface JournalLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export interface JournalOptions {
  log: JournalLog;
  /**
   * Compact once the journal holds this many bytes (and at least as many as the snapshot, so
   * the cost of compacting stays proportional to what was written). Default 64 MiB.
   */
  compactAfterBytes?: number;
}

/** The folder is used by another running sandbox. */
export class StateFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateFolderError';
  }
}

const FORMAT = 'lectern-sandbox-state';
const VERSION = 1;
const SNAPSHOT = 'snapshot.jsonl';
const SNAPSHOT_TMP = 'snapshot.jsonl.tmp';
const LOCK = 'lock';
const JOURNAL_NAME = /^journal-(\d+)\.jsonl$/;
const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;
const WRITE_CHUNK = 1024 * 1024;

// A key no API input produces, so only our own Dates are revived.
const DATE_TAG = '\u0000date';
const DATE_TAG_JSON = JSON.stringify(DATE_TAG);

function dateReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { [DATE_TAG]: Number.isNaN(raw.getTime()) ? null : raw.toISOString() };
  return value;
}

function dateReviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && DATE_TAG in value) {
    const iso = (value as Record<string, unknown>)[DATE_TAG];
    return new Date(typeof iso === 'string' ? iso : Number.NaN);
  }
  return value;
}

/** JSON that brings Dates back as Dates. */
export function encode(value: unknown): string {
  return JSON.stringify(value, dateReplacer);
}

export function decode(text: string): unknown {
  // The reviver costs more than the parse itself: only lines holding a Date pay for it.
  return text.includes(DATE_TAG_JSON) ? JSON.parse(text, dateReviver) : JSON.parse(text);
}

const digest = (json: string) => hash('sha1', json, 'base64');

/** Folders opened by this process (a second sandbox on the same folder would corrupt it). */
const openFolders = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lines of a file, read in chunks (a journal may exceed the longest string V8 allows). */
function* readLines(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(WRITE_CHUNK);
    let carry: Buffer[] = [];
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const data = chunk.subarray(0, read);
      let start = 0;
      for (let newline = data.indexOf(10, start); newline !== -1; newline = data.indexOf(10, start)) {
        const part = data.subarray(start, newline);
        const text =
          carry.length > 0 ? Buffer.concat([...carry, part]).toString('utf8') : part.toString('utf8');
        carry = [];
        yield text;
        start = newline + 1;
      }
      if (start < read) carry.push(Buffer.from(data.subarray(start)));
    }
    if (carry.length > 0) yield Buffer.concat(carry).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, buffer: Buffer): void {
  let offset = 0;
  while (offset < buffer.length) offset += writeSync(fd, buffer, offset);
}

function fsyncFolder(dir: string): void {
  // Makes the rename itself durable; not possible on every platform (Windows), hence best effort.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort
  }
}

interface Registered {
  name: string;
  quoted: string;
  collection: Collection;
  /** SHA-1 of each entry as last written: a touched entry is written only if it changed. */
  hashes: Map<string, string>;
  /** Entries read, written or removed since the last commit, new ones in insertion order. */
  touched: Set<string>;
}

/**
 * The durable store of a persisted sandbox, in one folder:
 *
 * - `snapshot.jsonl`: a header line, then every entry as `[collection, id, value]`, then a
 *   trailer with the count. Written to a temporary file, synced and renamed, so it is always
 *   whole.
 * - `journal-<generation>.jsonl`: what changed since that snapshot, one line per commit
 *   (`[[collection, id, value] | [collection, id], …]`), appended with a synchronous write
 *   before the API answers, so an answered call survives the process being killed. A commit
 *   is one line, so a crash in the middle of a write tears only that line, which the next
 *   start ignores with a warning.
 * - `lock`: the pid of the process using the folder.
 *
 * Start = load the snapshot, replay its journal, write a fresh snapshot (compaction) and
 * start an empty journal; compaction happens again whenever the journal outgrows the
 * snapshot (and `compactAfterBytes`). Writes are not fsynced one by one: they survive the
 * process dying, not the machine losing power (snapshots are fsynced).
 *
 * Changes are found, not declared: collections report the ids they hand out or store
 * (`touch`), and a commit writes those whose serialized form changed since last written.
 */
export class StateJournal {
  readonly dir: string;
  private readonly log: JournalLog;
  private readonly compactAfterBytes: number;
  private readonly registered = new Map<string, Registered>();
  private state: 'new' | 'open' | 'closed' = 'new';
  private generation = 0;
  private fd: number | null = null;
  private journalBytes = 0;
  private snapshotBytes = 0;
  private scheduled: NodeJS.Immediate | null = null;
  private durable: (() => void)[] = [];
  private readonly unknownCollections = new Set<string>();

  constructor(dir: string, options: JournalOptions) {
    this.dir = path.resolve(dir);
    this.log = options.log;
    this.compactAfterBytes = options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
  }

  /** Adds a collection under its on-disk name; returns the function that reports its touches. */
  register(name: string, collection: Collection): TouchListener {
    if (this.state !== 'new') throw new Error('collections are registered before the state is loaded');
    if (this.registered.has(name)) throw new Error(`collection ${name} is registered twice`);
    const entry: Registered = {
      name,
      quoted: JSON.stringify(name),
      collection,
      hashes: new Map(),
      touched: new Set(),
    };
    this.registered.set(name, entry);
    return (id, added) => this.touchEntry(entry, id, added);
  }

  /**
   * Persists a TrackedMap; `toDisk` gives an entry's persisted form (`undefined`: not kept,
   * e.g. an idempotency key whose request is still running). Entries are restored as read.
   */
  trackMap<V>(name: string, map: TrackedMap<V>, toDisk: (value: V) => unknown = (value) => value): void {
    const touch = this.register(name, {
      read: (id) => {
        const value = map.peek(id);
        return value === undefined ? undefined : toDisk(value);
      },
      *entries() {
        for (const [id, value] of map) {
          const persisted = toDisk(value);
          if (persisted !== undefined) yield [id, persisted] as const;
        }
      },
      restore: (id, value) => map.restore(id, value as V | undefined),
    });
    map.listen(touch);
  }

  /** Reports that an entry may have changed; a commit follows within this turn of the event loop. */
  touch(collection: string, id: string): void {
    if (this.state !== 'open') return;
    const entry = this.registered.get(collection);
    if (!entry) throw new Error(`unknown collection ${collection}`);
    this.touchEntry(entry, id, false);
  }

  /**
   * Runs `run` once what was changed so far is on disk (webhook deliveries start only then,
   * so a receiver never hears of an object the sandbox could forget).
   */
  whenDurable(run: () => void): void {
    if (this.state === 'closed') return;
    this.durable.push(run);
    this.schedule();
  }

  /** Reads the folder (creating it): snapshot, then journal. Takes the folder's lock. */
  load(): { entries: number; commits: number; tornLine: boolean } {
    if (this.state !== 'new') throw new Error('the state is loaded once');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.lock();
    try {
      rmIfExists(path.join(this.dir, SNAPSHOT_TMP));
      const snapshot = path.join(this.dir, SNAPSHOT);
      let entries = 0;
      if (existsSync(snapshot)) ({ generation: this.generation, entries } = this.readSnapshot(snapshot));
      const journal = this.journalPath(this.generation);
      const replayed = existsSync(journal) ? this.replay(journal) : { commits: 0, tornLine: false };
      this.state = 'open';
      return { entries, ...replayed };
    } catch (error) {
      this.unlock();
      throw error;
    }
  }

  /** Writes what changed (one line), then runs the `whenDurable` callbacks. */
  commit(): void {
    if (this.state !== 'open') return;
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
    }
    const parts: string[] = [];
    const written: [Registered, string, string | null][] = [];
    for (const entry of this.registered.values()) {
      for (const id of entry.touched) {
        const value = entry.collection.read(id);
        if (value === undefined) {
          if (entry.hashes.has(id)) {
            parts.push(`[${entry.quoted},${JSON.stringify(id)}]`);
            written.push([entry, id, null]);
          }
          continue;
        }
        const json = encode(value);
        const sum = digest(json);
        if (entry.hashes.get(id) === sum) continue;
        parts.push(`[${entry.quoted},${JSON.stringify(id)},${json}]`);
        written.push([entry, id, sum]);
      }
    }
    // A failed write throws with the touched ids kept, so the next commit tries them again.
    if (parts.length > 0) this.append(`[${parts.join(',')}]\n`);
    for (const entry of this.registered.values()) entry.touched.clear();
    for (const [entry, id, sum] of written) {
      if (sum === null) entry.hashes.delete(id);
      else entry.hashes.set(id, sum);
    }
    this.runDurable();
    if (this.journalBytes >= Math.max(this.compactAfterBytes, this.snapshotBytes)) this.compact();
  }

  /** Writes every entry to a new snapshot and starts its (empty) journal. */
  compact(): void {
    if (this.state !== 'open') return;
    const next = this.generation + 1;
    const tmp = path.join(this.dir, SNAPSHOT_TMP);
    const fd = openSync(tmp, 'w', 0o600);
    const hashes = new Map<Registered, Map<string, string>>();
    let bytes = 0;
    let count = 0;
    try {
      let pending: string[] = [];
      let pendingLength = 0;
      const flush = () => {
        const buffer = Buffer.from(pending.join(''), 'utf8');
        writeAll(fd, buffer);
        bytes += buffer.length;
        pending = [];
        pendingLength = 0;
      };
      const write = (line: string) => {
        pending.push(line);
        pendingLength += line.length;
        if (pendingLength >= WRITE_CHUNK) flush();
      };
      write(
        `${JSON.stringify({ format: FORMAT, version: VERSION, generation: next, written_at: Date.now() })}\n`,
      );
      for (const entry of this.registered.values()) {
        const sums = new Map<string, string>();
        hashes.set(entry, sums);
        for (const [id, value] of entry.collection.entries()) {
          const json = encode(value);
          sums.set(id, digest(json));
          write(`[${entry.quoted},${JSON.stringify(id)},${json}]\n`);
          count += 1;
        }
      }
      write(`${JSON.stringify({ end: true, entries: count })}\n`);
      flush();
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path.join(this.dir, SNAPSHOT));
    fsyncFolder(this.dir);
    // The snapshot now holds everything: its journal starts empty and the old one goes.
    const journal = this.journalPath(next);
    rmIfExists(journal);
    const journalFd = openSync(journal, 'a', 0o600);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = journalFd;
    this.generation = next;
    this.journalBytes = 0;
    this.snapshotBytes = bytes;
    for (const entry of this.registered.values()) {
      entry.hashes = hashes.get(entry)!;
      entry.touched.clear();
    }
    for (const name of readdirSync(this.dir)) {
      const match = JOURNAL_NAME.exec(name);
      if (match && Number(match[1]) !== next) rmIfExists(path.join(this.dir, name));
    }
    this.runDurable();
  }

  /** Commits what is left, closes the journal and releases the folder. */
  close(): void {
    if (this.state !== 'open') return;
    try {
      this.commit();
    } finally {
      this.state = 'closed';
      if (this.scheduled) clearImmediate(this.scheduled);
      this.scheduled = null;
      this.durable = [];
      if (this.fd !== null) closeSync(this.fd);
      this.fd = null;
      this.unlock();
    }
  }

  private touchEntry(entry: Registered, id: string, added: boolean): void {
    if (this.state !== 'open') return;
    if (added) entry.touched.delete(id);
    entry.touched.add(id);
    this.schedule();
  }

  private journalPath(generation: number): string {
    return path.join(this.dir, `journal-${generation}.jsonl`);
  }

  private schedule(): void {
    if (this.scheduled || this.state !== 'open') return;
    // Changes made outside a request (timers, webhook outcomes) are committed within this turn.
    this.scheduled = setImmediate(() => {
      this.scheduled = null;
      try {
        this.commit();
      } catch (error) {
        this.log.warn({ err: error, dir: this.dir }, 'sandbox state could not be written; will retry');
        this.schedule();
      }
    });
  }

  private runDurable(): void {
    if (this.durable.length === 0) return;
    const run = this.durable;
    this.durable = [];
    for (const callback of run) callback();
  }

  private append(line: string): void {
    const buffer = Buffer.from(line, 'utf8');
    try {
      writeAll(this.fd!, buffer);
    } catch (error) {
      // Cut off a partly written line so later commits do not land after garbage.
      try {
        ftruncateSync(this.fd!, this.journalBytes);
      } catch {
        // the next start ignores a torn last line anyway
      }
      throw error;
    }
    this.journalBytes += buffer.length;
  }

  private apply(record: unknown, where: string): void {
    if (!Array.isArray(record) || typeof record[0] !== 'string' || typeof record[1] !== 'string') {
      throw new Error(`unreadable sandbox state record in ${where}`);
    }
    const entry = this.registered.get(record[0]);
    if (!entry) {
      // Written by a newer sandbox, or a collection since removed: skipped, said once.
      if (!this.unknownCollections.has(record[0])) {
        this.unknownCollections.add(record[0]);
        this.log.warn({ collection: record[0], dir: this.dir }, 'sandbox state: unknown collection skipped');
      }
      return;
    }
    entry.collection.restore(record[1], record.length > 2 ? record[2] : undefined);
  }

  private readSnapshot(file: string): { generation: number; entries: number } {
    let generation: number | null = null;
    let trailerCount: unknown = null;
    let entries = 0;
    let line = 0;
    for (const text of readLines(file)) {
      line += 1;
      if (text === '') continue;
      if (generation === null) {
        const header = JSON.parse(text) as { format?: unknown; version?: unknown; generation?: unknown };
        if (header.format !== FORMAT || header.version !== VERSION || typeof header.generation !== 'number') {
          throw new Error(`${file} is not a sandbox state snapshot of version ${VERSION}`);
        }
        generation = header.generation;
        continue;
      }
      if (text.startsWith('{')) {
        trailerCount = (JSON.parse(text) as { entries?: unknown }).entries;
        break;
      }
      this.apply(decode(text), `${file}:${line}`);
      entries += 1;
    }
    if (generation === null) throw new Error(`${file} is empty`);
    if (trailerCount !== entries) {
      throw new Error(
        `${file} is incomplete (${entries} entries read); restore it from a backup or move it away`,
      );
    }
    return { generation, entries };
  }

  private replay(file: string): { commits: number; tornLine: boolean } {
    let commits = 0;
    let torn: { line: number; bytes: number } | null = null;
    let line = 0;
    for (const text of readLines(file)) {
      line += 1;
      if (torn) {
        // A bad line followed by more lines is not a torn write: refuse rather than lose data.
        throw new Error(
          `${file}:${torn.line} is unreadable and not the last line; move the folder away to start afresh`,
        );
      }
      if (text === '') continue;
      let records: unknown;
      try {
        records = decode(text);
      } catch {
        torn = { line, bytes: Buffer.byteLength(text) };
        continue;
      }
      if (!Array.isArray(records)) throw new Error(`${file}:${line} is not a sandbox state commit`);
      for (const record of records) this.apply(record, `${file}:${line}`);
      commits += 1;
    }
    if (torn) {
      this.log.warn(
        { file, line: torn.line, bytes: torn.bytes },
        'sandbox state: ignored a torn last journal line (the process stopped in the middle of a write)',
      );
    }
    return { commits, tornLine: torn !== null };
  }

  private lock(): void {
    if (openFolders.has(this.dir)) {
      throw new StateFolderError(`the sandbox state folder ${this.dir} is already open in this process`);
    }
    const lock = path.join(this.dir, LOCK);
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lock, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new StateFolderError(
          `the sandbox state folder ${this.dir} is in use by process ${holder}; stop it or use another folder (delete ${lock} if no sandbox runs there)`,
        );
      }
      // Left by a process that died (kill -9, crash): take it over.
      writeFileSync(lock, `${process.pid}\n`, { mode: 0o600 });
    }
    openFolders.add(this.dir);
  }

  private unlock(): void {
    if (!openFolders.delete(this.dir)) return;
    rmIfExists(path.join(this.dir, LOCK));
  }
}

function rmIfExists(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
