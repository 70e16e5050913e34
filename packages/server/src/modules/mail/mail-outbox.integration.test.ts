import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { money } from '@lectern/domain';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import { createMailOutbox, MAX_MAIL_ATTEMPTS, type MailOutboxOptions } from './mail-outbox.js';
import type { MailContent } from './mail-templates.js';
import { mailOutbox } from './mail.tables.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

let server: Awaited<ReturnType<typeof startTestServer>>;
let smtp: SMTPServer;
let smtpUrl: string;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  server = await startTestServer();
  // A throwaway SMTP server: plain text, no login, keeps what it receives.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await server.stop();
});

beforeEach(async () => {
  await server.db.delete(mailOutbox);
  received.length = 0;
});

/** A clock the test moves. */
function testClock(start = new Date('2026-03-14T09:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

function outboxWith(options: Partial<MailOutboxOptions> = {}) {
  return createMailOutbox({
    db: server.db,
    brandName: 'Lectern',
    publicUrl: 'https://learn.example.com',
    smtpUrl: null,
    from: 'Lectern <no-reply@learn.example.com>',
    log: server.app.log,
    ...options,
  });
}

const trialStarted = (planName = 'Team Plan'): MailContent => ({
  kind: 'trial_started',
  planName,
  trialEndDate: '2026-03-28T00:00:00Z',
  firstCharge: money(36000, 'USD'),
  manageUrl: '/user/manage-subscriptions/',
});

/** The body of a quoted-printable MIME message, readable. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function rowsOf() {
  return server.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

/** A port nothing listens on. */
async function refusedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('enqueue', () => {
  it('writes the rendered mail with the caller’s transaction, and nothing when it rolls back', async () => {
    const outbox = outboxWith();
    await expect(
      server.db.transaction(async (tx) => {
        await outbox.enqueue(tx, { to: 'lena@example.com', content: trialStarted() });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rowsOf()).toEqual([]);

    const id = await server.db.transaction((tx) =>
      outbox.enqueue(tx, { to: 'lena@example.com', locale: 'de_DE', content: trialStarted() }),
    );
    const [row] = await rowsOf();
    expect(row).toMatchObject({
      id,
      kind: 'trial_started',
      recipient: 'lena@example.com',
      locale: 'de_DE',
      subject: 'Your Team Plan trial has started',
      status: 'queued',
      attempts: 0,
      lastError: null,
      dedupeKey: null,
      sentAt: null,
    });
    expect(row!.text).toContain('360,00\u00a0$');
    expect(row!.html).toContain('href="https://learn.example.com/user/manage-subscriptions/"');
  });

  it('writes one mail per dedupe key', async () => {
    const outbox = outboxWith();
    const first = await outbox.enqueue(server.db, {
      to: 'owner@example.com',
      content: trialStarted(),
      dedupeKey: 'trial_started:enrollment:7',
    });
    const again = await server.db.transaction((tx) =>
      outbox.enqueue(tx, {
        to: 'owner@example.com',
        content: trialStarted('Renamed'),
        dedupeKey: 'trial_started:enrollment:7',
      }),
    );
    await outbox.enqueue(server.db, { to: 'owner@example.com', content: trialStarted() });
    await outbox.enqueue(server.db, { to: 'owner@example.com', content: trialStarted() });
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    const rows = await rowsOf();
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.dedupeKey === 'trial_started:enrollment:7')).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Your Team Plan trial has started');
  });
});

describe('sendDue', () => {
  it('does nothing without an SMTP server: the mails stay queued for the developer mailbox', async () => {
    const outbox = outboxWith();
    await outbox.enqueue(server.db, { to: 'lena@example.com', content: trialStarted() });
    expect(await outbox.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect((await rowsOf())[0]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await outbox.counts()).toEqual({ queued: 1, failed: 0 });
  });

  it('sends the due mails through SMTP with both parts, once', async () => {
    const clock = testClock();
    const outbox = outboxWith({ smtpUrl, clock });
    await outbox.enqueue(server.db, {
      to: 'lena@example.com',
      content: trialStarted('Team <Plan>'),
    });
    const later = await outbox.enqueue(server.db, {
      to: 'omar@example.com',
      content: trialStarted(),
      sendAfter: new Date(clock.now().getTime() + 3 * 86_400_000),
    });

    expect(await outbox.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@learn.example.com');
    expect(mail!.to).toEqual(['lena@example.com']);
    const message = decoded(mail!.raw);
    expect(message).toContain('Subject: Your Team <Plan> trial has started');
    expect(message).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message).toMatch(/Content-Type: text\/plain/i);
    expect(message).toMatch(/Content-Type: text\/html/i);
    expect(message).toContain('Your free trial of Team <Plan> has started');
    expect(message).toContain('Your free trial of Team &lt;Plan&gt; has started');
    expect(message).toContain('Auto-Submitted: auto-generated');

    const sent = (await rowsOf())[0]!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: clock.now() });
    expect(await outbox.counts()).toEqual({ queued: 1, failed: 0 });

    // Nothing else is due yet; sending again sends nothing twice.
    expect(await outbox.sendDue()).toEqual({ sent: 0, failed: 0 });
    clock.advance(3 * 86_400_000);
    expect(await outbox.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(received.map((entry) => entry.to)).toEqual([['lena@example.com'], ['omar@example.com']]);
    expect((await outbox.get(later!))?.status).toBe('sent');
    expect(await outbox.counts()).toEqual({ queued: 0, failed: 0 });
  });

  it('takes over a mail whose sender died, but not one still leased', async () => {
    const clock = testClock();
    const outbox = outboxWith({ smtpUrl, clock });
    const abandoned = await outbox.enqueue(server.db, { to: 'a@example.com', content: trialStarted() });
    const leased = await outbox.enqueue(server.db, { to: 'b@example.com', content: trialStarted() });
    const past = new Date(clock.now().getTime() - 1000);
    const future = new Date(clock.now().getTime() + 60_000);
    await server.db
      .update(mailOutbox)
      .set({ status: 'sending', sendAfter: past, attempts: 1 })
      .where(eq(mailOutbox.id, abandoned!));
    await server.db
      .update(mailOutbox)
      .set({ status: 'sending', sendAfter: future, attempts: 1 })
      .where(eq(mailOutbox.id, leased!));

    expect(await outbox.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(received.map((entry) => entry.to)).toEqual([['a@example.com']]);
    expect(await outbox.get(abandoned!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outbox.get(leased!)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('backs off when the SMTP server cannot be reached, records why, and gives up after 8 attempts', async () => {
    const clock = testClock();
    const outbox = outboxWith({ smtpUrl: `smtp://127.0.0.1:${await refusedPort()}`, clock });
    const id = await outbox.enqueue(server.db, { to: 'lena@example.com', content: trialStarted() });

    expect(await outbox.sendDue()).toEqual({ sent: 0, failed: 0 });
    const first = await outbox.get(id!);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(first!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(first!.sendAfter).toEqual(new Date(clock.now().getTime() + 60_000));

    // Not due before its back-off ends.
    clock.advance(59_000);
    expect(await outbox.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect((await outbox.get(id!))!.attempts).toBe(1);

    // 1, 2, 4 … minutes between attempts, then `failed` at the 8th.
    clock.advance(1_000);
    for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      const result = await outbox.sendDue();
      const row = (await outbox.get(id!))!;
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_MAIL_ATTEMPTS) {
        expect(result).toEqual({ sent: 0, failed: 0 });
        expect(row.status).toBe('queued');
        expect(row.sendAfter.getTime() - clock.now().getTime()).toBe(60_000 * 2 ** (attempt - 1));
        clock.advance(60_000 * 2 ** (attempt - 1));
      } else {
        expect(result).toEqual({ sent: 0, failed: 1 });
        expect(row.status).toBe('failed');
      }
    }
    clock.advance(365 * 86_400_000);
    expect(await outbox.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(await outbox.counts()).toEqual({ queued: 0, failed: 1 });
  });
});

describe('list and get', () => {
  it('pages the outbox newest first and reads one mail', async () => {
    const outbox = outboxWith();
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      ids.push(
        (await outbox.enqueue(server.db, { to: `${name}@example.com`, content: trialStarted(name) }))!,
      );
    }
    const first = await outbox.list({ page: 1, pageSize: 2 });
    expect(first.count).toBe(3);
    expect(first.results.map((mail) => mail.subject)).toEqual([
      'Your Three trial has started',
      'Your Two trial has started',
    ]);
    expect(first.results[0]).toEqual({
      id: ids[2],
      kind: 'trial_started',
      to: 'Three@example.com',
      subject: 'Your Three trial has started',
      status: 'queued',
      createdAt: expect.any(Date),
      sentAt: null,
    });
    expect((await outbox.list({ page: 2, pageSize: 2 })).results.map((mail) => mail.id)).toEqual([ids[0]]);

    const mail = await outbox.get(ids[0]!);
    expect(mail).toMatchObject({ id: ids[0], to: 'One@example.com', locale: 'en-US' });
    expect(mail!.html).toContain('<h1');
    expect(mail!.text).toContain('Your free trial of One has started');
    expect(await outbox.get(ids[2]! + 1000)).toBeNull();
    expect(await outbox.get(2 ** 40)).toBeNull();
  });
});
