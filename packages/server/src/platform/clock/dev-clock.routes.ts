import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../http/http-error.js';
import type { MovableClock } from './clock.js';

export const DEV_CLOCK_PATH = '/api-2.0/dev/clock/';

/** The longest single step: a little over a year, enough to watch an annual plan renew. */
const MAX_ADVANCE_DAYS = 400;
const DAY_MS = 86_400_000;

const clockAnswer = z.object({ now: z.string(), offset_ms: z.number() });
const advanceBody = z
  .object({
    advance_days: z
      .number({ error: 'advance_days must be a number of days.' })
      .positive('advance_days must be more than 0.')
      .max(MAX_ADVANCE_DAYS, `advance_days must be at most ${MAX_ADVANCE_DAYS}.`)
      .optional(),
    advance_to: z.iso
      .datetime({ offset: true, error: 'advance_to must be an ISO 8601 date and time.' })
      .optional(),
  })
  .strict();

/**
 * The developer clock (outside production only; the route does not exist in production):
 * `GET` answers the server's now, `POST {advance_days}` or `{advance_to}` moves it forward and
 * runs every job that became due before answering, so a person or a test can watch a trial
 * convert, a renewal fail and a plan expire.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{
  clock: MovableClock;
  /** Runs every job due by the clock (sweeps included); resolves to the number of runs. */
  catchUp: () => Promise<number>;
}> = async (app, { clock, catchUp }) => {
  const answer = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });

  app.get(DEV_CLOCK_PATH, { schema: { response: { 200: clockAnswer } } }, async () => {
    await clock.refresh();
    return answer();
  });

  app.post(
    DEV_CLOCK_PATH,
    { schema: { body: advanceBody, response: { 200: clockAnswer.extend({ jobs_run: z.number().int() }) } } },
    async (request) => {
      const { advance_days: days, advance_to: to } = request.body;
      if ((days === undefined) === (to === undefined)) {
        const message = 'Give either advance_days or advance_to.';
        throw validationError({ advance_days: [message], advance_to: [message] }, message);
      }
      await clock.refresh();
      const ms =
        days !== undefined ? Math.round(days * DAY_MS) : new Date(to!).getTime() - clock.now().getTime();
      if (ms <= 0) throw validationError({ advance_to: ['advance_to must be later than the clock’s now.'] });
      if (ms > MAX_ADVANCE_DAYS * DAY_MS) {
        throw validationError({ advance_to: [`The clock moves at most ${MAX_ADVANCE_DAYS} days at once.`] });
      }
      await clock.advance(ms);
      const jobsRun = await catchUp();
      return { ...answer(), jobs_run: jobsRun };
    },
  );
};
