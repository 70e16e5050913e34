import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ADMIN_EXPORT_KIND_LABELS,
  ADMIN_EXPORT_LINK_DAYS,
  ADMIN_EXPORTS_PAGE_PATH,
  periodBounds,
  type AdminExportKind,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { AdminExports } from './admin-exports.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What is kept next to an export's file: whose it is, what it holds, until when. */
export interface ExportFileRecord {
  id: string;
  staffUserId: number;
  email: string;
  kind: AdminExportKind;
  from: string;
  to: string;
  /** Rows counted when it was asked for. */
  rows: number;
  status: 'queued' | 'ready';
  requestedAt: string;
  expiresAt: string;
  /** The file name offered to the browser. */
  filename: string;
}

interface ExportJobPayload {
  id: string;
}

export const ADMIN_EXPORT_JOB_KIND = 'admin_reports.export';

/** `orders-2026-01-01-to-2026-03-31.csv`. */
export const exportFilename = (kind: AdminExportKind, from: string, to: string) =>
  `${kind}-${from}-to-${to}.csv`;

/**
 * Large exports (issue 33): written by a keyed job into `<DATA_DIR>/exports/` (`<id>.csv`
 * beside `<id>.json`, its record), then mailed to the staff member who asked as a link to the
 * back office's exports page, where the file downloads for them alone until it expires
 * (ADMIN_EXPORT_LINK_DAYS). The id is 192 random bits; the download still checks it is the
 * same staff member's. A recurring sweep deletes expired files.
 *
 * The files live on the disk of the instance that ran the job: with several instances, DATA_DIR
 * must be shared storage (or the exports page reached through the same instance).
 */
export function createExportFiles(deps: {
  db: Database;
  dataDir: string;
  exports: AdminExports;
  queue: JobQueue;
  outbox: Pick<MailOutbox, 'enqueue'>;
  clock: Clock;
}) {
  const directory = path.join(deps.dataDir, 'exports');
  const recordPath = (id: string) => path.join(directory, `${id}.json`);
  const filePath = (id: string) => path.join(directory, `${id}.csv`);

  async function readRecord(id: string): Promise<ExportFileRecord | null> {
    try {
      return JSON.parse(await readFile(recordPath(id), 'utf8')) as ExportFileRecord;
    } catch {
      return null;
    }
  }

  async function writeRecord(record: ExportFileRecord): Promise<void> {
    await mkdir(directory, { recursive: true });
    const temporary = `${recordPath(record.id)}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(record));
    await rename(temporary, recordPath(record.id));
  }

  const job = deps.queue.define<ExportJobPayload>({
    kind: ADMIN_EXPORT_JOB_KIND,
    maxAttempts: 5,
    // Idempotent: a finished file is not written again, and the mail is written once (its dedupe key).
    async run({ id }) {
      const record = await readRecord(id);
      if (!record) return;
      if (record.status !== 'ready') {
        const { start, end } = periodBounds(record.from, record.to);
        const partial = `${filePath(id)}.part`;
        await pipeline(
          Readable.from(deps.exports.records(record.kind, start, end)),
          createWriteStream(partial),
        );
        await rename(partial, filePath(id));
        await writeRecord({ ...record, status: 'ready' });
      }
      await deps.outbox.enqueue(deps.db, {
        to: record.email,
        content: {
          kind: 'admin_export_ready',
          exportName: ADMIN_EXPORT_KIND_LABELS[record.kind],
          period: `${record.from} to ${record.to}`,
          rows: record.rows,
          expiresAt: record.expiresAt,
          downloadUrl: `${ADMIN_EXPORTS_PAGE_PATH}?file=${id}`,
        },
        dedupeKey: `admin_export:${id}`,
      });
    },
  });

  return {
    /**
     * Records an export to write and queues its job; the record exists before the job, so the
     * job always finds it. Answers the record (its id is the link's).
     */
    async request(input: {
      staffUserId: number;
      email: string;
      kind: AdminExportKind;
      from: string;
      to: string;
      rows: number;
    }): Promise<ExportFileRecord> {
      const now = deps.clock.now();
      const record: ExportFileRecord = {
        ...input,
        id: randomBytes(24).toString('base64url'),
        status: 'queued',
        requestedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + ADMIN_EXPORT_LINK_DAYS * DAY_MS).toISOString(),
        filename: exportFilename(input.kind, input.from, input.to),
      };
      await writeRecord(record);
      await job.enqueue(deps.db, `export:${record.id}`, { id: record.id });
      return record;
    },

    /**
     * The file of an export for the staff member who asked for it: 404 for anyone else and for
     * an unknown id (nothing says it exists), 410 once expired, 409 while it is being written.
     */
    async open(id: string, staffUserId: number) {
      const record = await readRecord(id);
      if (!record || record.staffUserId !== staffUserId) throw notFound('There is no such export.');
      if (Date.parse(record.expiresAt) <= deps.clock.now().getTime()) {
        throw new HttpError(
          410,
          'export_expired',
          'This export has expired. Ask for it again on the exports page.',
        );
      }
      if (record.status !== 'ready') {
        throw new HttpError(
          409,
          'export_not_ready',
          'This export is still being written. Try again in a minute.',
        );
      }
      const size = (await stat(filePath(id))).size;
      return { record, size, stream: createReadStream(filePath(id)) };
    },

    /** Deletes expired exports and their records, and unfinished files left for over a day. */
    async sweep(): Promise<number> {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch {
        return 0;
      }
      const now = deps.clock.now().getTime();
      let deleted = 0;
      for (const name of names) {
        if (name.endsWith('.json')) {
          const id = name.slice(0, -'.json'.length);
          const record = await readRecord(id);
          if (record && Date.parse(record.expiresAt) > now) continue;
          await rm(filePath(id), { force: true });
          await rm(`${filePath(id)}.part`, { force: true });
          await rm(recordPath(id), { force: true });
          deleted += 1;
        } else if (name.endsWith('.part') || name.endsWith('.tmp')) {
          const info = await stat(path.join(directory, name)).catch(() => null);
          if (info && now - info.mtimeMs > DAY_MS) await rm(path.join(directory, name), { force: true });
        }
      }
      return deleted;
    },
  };
}

export type ExportFiles = ReturnType<typeof createExportFiles>;
