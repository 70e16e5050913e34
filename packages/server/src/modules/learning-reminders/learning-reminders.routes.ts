import { learningReminderCalendarPath } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { databaseId } from '../../platform/http/database-id.js';
import type { LearningRemindersService } from './learning-reminders.service.js';

const reminderParams = z.object({ id: databaseId('id must be a learning reminder id.', { coerce: true }) });

/**
 * `GET /api-2.0/users/me/learning-reminders/{id}/calendar/`: the signed-in learner's reminder as
 * an RFC 5545 calendar file to add to Apple, Google or Outlook calendars (an attachment named
 * `learning-reminder-{id}.ics`). Anyone else's reminder is a 404, as if it did not exist.
 */
export const learningRemindersRoutes: FastifyPluginAsyncZod<{
  reminders: LearningRemindersService;
  publicUrl: string;
  brandName: string;
}> = async (app, { reminders, publicUrl, brandName }) => {
  app.get(
    learningReminderCalendarPath(':id'),
    { config: SIGNED_IN, schema: { params: reminderParams } },
    async (request, reply) => {
      const { id } = request.params;
      const calendar = await reminders.calendar(requireUserId(request), id, { publicUrl, brandName });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="learning-reminder-${id}.ics"`)
        .send(calendar);
    },
  );
};
