import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Where a mail is: waiting, handed to an SMTP sender (leased), delivered, or given up on. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The e-mail outbox: a mail is rendered and written here in the same transaction as the event
 * it tells about (so a rolled-back event never mails), and sent later by `sendDue`. Without an
 * SMTP server the rows stay queued and the developer mailbox shows them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    locale: varchar('locale', { length: 16 }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: varchar('status', { length: 16 }).$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The event this mail tells about (e.g. `payment_receipt:ch_42`): the same event never mails twice. */
    dedupeKey: varchar('dedupe_key', { length: 200 }).unique('mail_outbox_dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Not before this time: when queued, the due time (later after each failure); while
     * `sending`, the end of the sender's lease, after which another sender may take it again.
     */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.sendAfter)],
);
