import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { notFound } from '../../platform/http/http-error.js';
import { pageQuery } from '../../platform/http/pagination.js';
import type { MailOutbox } from './mail-outbox.js';
import { MAIL_STATUSES } from './mail.tables.js';

const mailboxQuery = z.object(pageQuery);
const mailParams = z.object({ id: databaseId('id must be a mail id.', { coerce: true }) });

const mailSummary = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  created: z.string(),
  sent_at: z.string().nullable(),
});
const mailboxPage = z.object({ results: z.array(mailSummary), total_pages: z.number().int() });
const mailDetail = mailSummary.extend({ html: z.string(), text: z.string() });

export type DevMailboxPage = z.infer<typeof mailboxPage>;
export type DevMailboxMail = z.infer<typeof mailDetail>;

const summaryOf = (mail: Awaited<ReturnType<MailOutbox['list']>>['results'][number]) => ({
  id: mail.id,
  kind: mail.kind,
  to: mail.to,
  subject: mail.subject,
  status: mail.status,
  created: mail.createdAt.toISOString(),
  sent_at: mail.sentAt?.toISOString() ?? null,
});

/**
 * The developer mailbox: every mail in the outbox, newest first, and one mail with its HTML
 * and text parts. Registered only outside production (it shows every user's mail).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ outbox: MailOutbox }> = async (app, { outbox }) => {
  app.get(
    '/api-2.0/dev/mailbox/',
    { schema: { querystring: mailboxQuery, response: { 200: mailboxPage } } },
    async (request): Promise<DevMailboxPage> => {
      const { page, page_size: pageSize } = request.query;
      const { results, count } = await outbox.list({ page, pageSize });
      return { results: results.map(summaryOf), total_pages: Math.max(1, Math.ceil(count / pageSize)) };
    },
  );

  app.get(
    '/api-2.0/dev/mailbox/:id/',
    { schema: { params: mailParams, response: { 200: mailDetail } } },
    async (request): Promise<DevMailboxMail> => {
      const mail = await outbox.get(request.params.id);
      if (!mail) throw notFound('No mail with this id.');
      return { ...summaryOf(mail), html: mail.html, text: mail.text };
    },
  );
};
