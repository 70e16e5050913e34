import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Database, Writer } from '../../platform/db/database.js';
import { MAX_DATABASE_ID } from '../../platform/http/database-id.js';
import { renderMail, type MailContent } from './mail-templates.js';
import { mailOutbox, type MailStatus } from './mail.tables.js';

/** The `send_after` of a mail held back with no time (a finite date: every reader can show it). */
export const MAIL_HELD_UNTIL = new Date('9999-12-31T00:00:00Z');
/** A mail gives up (status `failed`) after this many attempts to send it. */
export const MAX_MAIL_ATTEMPTS = 8;
/** Wait before the next attempt after the `attempts`-th failed one: 1 min × 2^(attempts − 1) (1, 2, 4 … 64 min). */
export const mailRetryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);
/** How long a sender owns the mails it claimed before another may take them again. */
const DEFAULT_LEASE_MS = 5 * 60_000;
/** A send must not start this close to the end of its lease (the SMTP timeouts below fit in it); at most a fifth of it. */
const LEASE_MARGIN_MS = 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const DEFAULT_LOCALE = 'en-US';

export interface MailOutboxOptions {
  db: Database;
  brandName: string;
  /** `PUBLIC_URL`: relative links in mails are made absolute with it. */
  publicUrl: string;
  /** `smtp://` or `smtps://` URL of the SMTP server; null keeps every mail queued (the developer mailbox). */
  smtpUrl: string | null;
  /** The From header, e.g. `Lectern <no-reply@example.com>`. */
  from: string;
  log: FastifyBaseLogger;
  /** The server's clock (movable outside production); the wall clock by default. */
  clock?: { now(): Date };
  /** How long claimed mails stay leased to this sender (default 5 minutes). */
  leaseMs?: number;
}

export interface EnqueueMailInput {
  to: string;
  /** Formats amounts and dates (`en-US`, `de_DE`); `en-US` by default. */
  locale?: string;
  /** The zone dates are written in (default UTC). */
  timeZone?: string;
  content: MailContent;
  /** The event the mail tells about: a second mail with the same key is not written. */
  dedupeKey?: string;
  /** Not before this time (e.g. three days before a trial ends); now by default. */
  sendAfter?: Date;
}

export interface MailSummary {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  createdAt: Date;
  sentAt: Date | null;
}

export interface MailDetail extends MailSummary {
  locale: string;
  html: string;
  text: string;
  attempts: number;
  lastError: string | null;
  sendAfter: Date;
}

export interface MailOutbox {
  /**
   * Renders a mail and writes it to the outbox with `writer` only (the caller's transaction,
   * so the mail exists if and only if the event it tells about commits). Resolves to the new
   * row's id, or null when a mail with the same `dedupeKey` already exists.
   */
  enqueue(writer: Writer, mail: EnqueueMailInput): Promise<number | null>;
  /** Several mails in one statement (a renewal run's receipts); resolves to how many were new. */
  enqueueMany(writer: Writer, mails: EnqueueMailInput[]): Promise<number>;
  /**
   * With `writer` only: moves a queued mail (by its dedupe key) to `until`, or holds it with no
   * time when `until` is null (a refunded gift's mail). False when it was sent or is being sent.
   */
  reschedule(writer: Writer, dedupeKey: string, until: Date | null): Promise<boolean>;
  /** Sends the due mails (at most `limit`); nothing without an SMTP server. */
  sendDue(limit?: number): Promise<{ sent: number; failed: number }>;
  /** The outbox, newest first (the developer mailbox). */
  list(page: { page: number; pageSize: number }): Promise<{ results: MailSummary[]; count: number }>;
  get(id: number): Promise<MailDetail | null>;
  /** Mails not sent yet (`queued` and `sending`) and given up on (`failed`): the metrics gauge. */
  counts(): Promise<{ queued: number; failed: number }>;
}

const summaryColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  to: mailOutbox.recipient,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

type ClaimedMail = Pick<
  typeof mailOutbox.$inferSelect,
  'id' | 'kind' | 'recipient' | 'subject' | 'html' | 'text' | 'attempts'
>;

/**
 * The e-mail outbox. Features enqueue mails inside their own transactions; `sendDue` (a
 * recurring job) delivers them through SMTP. Any number of server instances may run it.
 *
 * Delivery is at least once. A sender claims due rows in a short transaction
 * (`FOR UPDATE SKIP LOCKED`, so instances never claim the same row) by setting them to
 * `sending` with a lease (`send_after` = the lease's end) and counting the attempt, then sends
 * outside any transaction and finally marks each row `sent`, or `queued` again with a back-off
 * (`failed` after 8 attempts). A crash loses no mail: a `sending` row whose lease ran out is
 * claimed again. The price is that a crash (or a lease outrun) between the SMTP server's
 * acceptance and the mark sends that mail twice; that window is one round trip, so in the
 * common case each mail goes once. Marks are fenced by the lease, so a sender that outran its
 * lease never overwrites the outcome of the sender that took the row over.
 */
export function createMailOutbox({
  db,
  brandName,
  publicUrl,
  smtpUrl,
  from,
  log,
  clock = { now: () => new Date() },
  leaseMs = DEFAULT_LEASE_MS,
}: MailOutboxOptions): MailOutbox {
  const leaseMargin = Math.min(LEASE_MARGIN_MS, leaseMs / 5);
  let transport: ReturnType<typeof createTransport> | null = null;
  const smtp = () => (transport ??= createTransport({ url: smtpUrl ?? undefined, ...SMTP_TIMEOUTS }));

  async function claim(limit: number): Promise<{ mails: ClaimedMail[]; leaseUntil: Date }> {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const mails = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.status, ['queued', 'sending']), lte(mailOutbox.sendAfter, now)))
        .orderBy(mailOutbox.sendAfter, mailOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ status: 'sending', sendAfter: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: mailOutbox.id,
          kind: mailOutbox.kind,
          recipient: mailOutbox.recipient,
          subject: mailOutbox.subject,
          html: mailOutbox.html,
          text: mailOutbox.text,
          attempts: mailOutbox.attempts,
        });
    });
    mails.sort((a, b) => a.id - b.id);
    return { mails, leaseUntil };
  }

  /** The row is still ours: `sending` under the lease this sender set. */
  const stillLeased = (id: number, leaseUntil: Date) =>
    and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.sendAfter, leaseUntil));

  async function markSent(mail: ClaimedMail, leaseUntil: Date): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: clock.now(), lastError: null })
      .where(stillLeased(mail.id, leaseUntil));
  }

  async function markFailed(mail: ClaimedMail, leaseUntil: Date, error: unknown): Promise<boolean> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const last = mail.attempts >= MAX_MAIL_ATTEMPTS;
    log[last ? 'error' : 'warn'](
      { err: error, mailId: mail.id, kind: mail.kind, attempt: mail.attempts },
      last ? 'mail failed for good' : 'mail not sent; retried later',
    );
    await db
      .update(mailOutbox)
      .set({
        status: last ? 'failed' : 'queued',
        lastError: message,
        sendAfter: new Date(clock.now().getTime() + mailRetryDelayMs(mail.attempts)),
      })
      .where(stillLeased(mail.id, leaseUntil));
    return last;
  }

  /** Gives back claimed mails this sender will not get to before its lease ends. */
  async function release(mails: ClaimedMail[], leaseUntil: Date): Promise<void> {
    if (mails.length === 0) return;
    await db
      .update(mailOutbox)
      .set({ status: 'queued', sendAfter: clock.now(), attempts: sql`${mailOutbox.attempts} - 1` })
      .where(
        and(
          inArray(
            mailOutbox.id,
            mails.map((mail) => mail.id),
          ),
          eq(mailOutbox.status, 'sending'),
          eq(mailOutbox.sendAfter, leaseUntil),
        ),
      );
  }

  function insertMails(writer: Writer, mails: EnqueueMailInput[]) {
    const now = clock.now();
    return writer
      .insert(mailOutbox)
      .values(
        mails.map(({ to, locale = DEFAULT_LOCALE, timeZone, content, dedupeKey, sendAfter }) => {
          const rendered = renderMail(content, { brandName, publicUrl, locale, timeZone });
          return {
            kind: content.kind,
            recipient: to.trim(),
            locale,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            status: 'queued' as const,
            dedupeKey: dedupeKey ?? null,
            createdAt: now,
            sendAfter: sendAfter ?? now,
          };
        }),
      )
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id });
  }

  return {
    async enqueue(writer, mail) {
      const [row] = await insertMails(writer, [mail]);
      return row?.id ?? null;
    },

    async enqueueMany(writer, mails) {
      if (mails.length === 0) return 0;
      return (await insertMails(writer, mails)).length;
    },

    async reschedule(writer, dedupeKey, until) {
      const moved = await writer
        .update(mailOutbox)
        .set({ sendAfter: until ?? MAIL_HELD_UNTIL })
        .where(and(eq(mailOutbox.dedupeKey, dedupeKey), eq(mailOutbox.status, 'queued')))
        .returning({ id: mailOutbox.id });
      return moved.length > 0;
    },

    async sendDue(limit = 50) {
      if (!smtpUrl) return { sent: 0, failed: 0 };
      const { mails, leaseUntil } = await claim(limit);
      let sent = 0;
      let failed = 0;
      for (const [index, mail] of mails.entries()) {
        if (clock.now().getTime() > leaseUntil.getTime() - leaseMargin) {
          await release(mails.slice(index), leaseUntil);
          break;
        }
        try {
          await smtp().sendMail({
            from,
            to: mail.recipient,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers: { 'Auto-Submitted': 'auto-generated' },
          });
        } catch (error) {
          if (await markFailed(mail, leaseUntil, error)) failed += 1;
          continue;
        }
        await markSent(mail, leaseUntil);
        sent += 1;
      }
      return { sent, failed };
    },

    async list({ page, pageSize }) {
      const [results, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(mailOutbox),
      ]);
      return { results, count: total?.value ?? 0 };
    },

    async get(id) {
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_DATABASE_ID) return null;
      const [row] = await db
        .select({
          ...summaryColumns,
          locale: mailOutbox.locale,
          html: mailOutbox.html,
          text: mailOutbox.text,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          sendAfter: mailOutbox.sendAfter,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      return row ?? null;
    },

    async counts() {
      const [row] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${mailOutbox.status} in ('queued', 'sending'))::int`,
          failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['queued', 'sending', 'failed']));
      return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0) };
    },
  };
}
