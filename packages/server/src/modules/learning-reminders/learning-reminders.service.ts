import {
  LEARNING_REMINDER_LIMITS,
  reminderCalendar,
  type CalendarType,
  type LearningProductType,
  type LearningReminderInput,
  type ReminderMethod,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import { createAnnouncedCache, LEARNER_FACTS_CACHE } from '../../platform/db/announced-cache.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import type { Reader } from '../../platform/db/read-batch.js';
import { HttpError, notFound, validationError } from '../../platform/http/http-error.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import {
  createLearningRemindersRepository,
  type ReminderRow,
  type ReminderValues,
} from './learning-reminders.repository.js';

/** A learning reminder as the API shows it; a course's title and url are read on demand (batched). */
export interface LearningReminder {
  id: number;
  title: string;
  learningProduct: { id: number; type: LearningProductType } | null;
  startDate: Date;
  endDate: Date | null;
  durationInMinutes: number;
  calendarType: CalendarType;
  recurrencePattern: string | null;
  reminderMethod: ReminderMethod;
  reminderMinutesBefore: number;
  updatedAt: Date;
}

/** What the learner sees of a course a reminder is about. */
export interface ReminderCourse {
  title: string;
  /** A path on this site. */
  url: string;
}

const NOT_FOUND = 'There is no such learning reminder among yours.';
const MINUTE_MS = 60_000;

function toReminder(row: ReminderRow): LearningReminder {
  return {
    id: row.id,
    title: row.title,
    learningProduct:
      row.productType === null || row.productId === null
        ? null
        : { id: row.productId, type: row.productType },
    startDate: row.startAt,
    endDate: row.endAt,
    durationInMinutes: row.durationMinutes,
    calendarType: row.calendarType,
    recurrencePattern: row.recurrenceRule,
    reminderMethod: row.reminderMethod,
    reminderMinutesBefore: row.minutesBefore,
    updatedAt: row.updatedAt,
  };
}

const toValues = (input: LearningReminderInput): ReminderValues => ({
  title: input.title,
  productType: input.learningProduct?.type ?? null,
  productId: input.learningProduct?.id ?? null,
  startAt: input.startDate,
  endAt: input.endDate,
  durationMinutes: input.durationInMinutes,
  calendarType: input.calendarType,
  recurrenceRule: input.recurrencePattern,
  reminderMethod: input.reminderMethod,
  minutesBefore: input.reminderMinutesBefore,
});

/** Migration 0020 announces every change to a learner's reminders here, with their id. */
export const LEARNING_REMINDERS_CHANNEL = 'lectern_learning_reminders_changed';

/**
 * Platform §3 and §7 learning reminders: each learner's own. Another learner's reminder is
 * answered as missing (404), whatever is asked of it.
 */
export function createLearningRemindersService(deps: {
  db: Database;
  catalog: CatalogService;
  clock: Clock;
}) {
  const { catalog, clock } = deps;
  const repository = createLearningRemindersRepository(deps.db);
  // Each learner's pages, read on every visit of their home page (decision 0034).
  const pagesKept = createAnnouncedCache<Awaited<ReturnType<typeof repository.pageWithTotal>>>({
    channel: LEARNING_REMINDERS_CHANNEL,
    ...LEARNER_FACTS_CACHE,
  });

  /** Only courses exist in this catalog yet: a reminder names one that does, or nothing. */
  async function checkProduct(input: LearningReminderInput): Promise<void> {
    const product = input.learningProduct;
    if (!product) return;
    if (product.type !== 'COURSE') {
      throw validationError({
        'learningReminder.learningProduct.type': [
          'Reminders for labs, learning paths and assessments are not available yet; choose a course.',
        ],
      });
    }
    const found = await catalog.cartCourses([product.id], 'USD');
    if (!found.has(product.id)) {
      throw validationError({ 'learningReminder.learningProduct.id': [`There is no course ${product.id}.`] });
    }
  }

  async function courses(ids: readonly number[]): Promise<Map<number, ReminderCourse>> {
    const found = await catalog.cartCourses(ids, 'USD', { cached: true });
    return new Map([...found].map(([id, course]) => [id, { title: course.title, url: course.url }]));
  }

  return {
    /**
     * Page `page` (from 0) of the user's reminders in start order, and how many pages there are
     * (read through `reader`).
     */
    async page(userId: number, page: number, size: number, reader: Reader) {
      const { rows, total } = await pagesKept.read(userId, `${page}|${size}`, () =>
        repository.pageWithTotal(userId, page * size, size, reader),
      );
      return { page, pageCount: Math.ceil(total / size), items: rows.map(toReminder) };
    },

    async create(userId: number, input: LearningReminderInput): Promise<LearningReminder> {
      await checkProduct(input);
      // A soft cap (two concurrent creates may both pass): it only keeps lists readable.
      if ((await repository.count(userId)) >= LEARNING_REMINDER_LIMITS.perUser) {
        throw new HttpError(
          409,
          'too_many_reminders',
          `You can keep at most ${LEARNING_REMINDER_LIMITS.perUser} reminders; delete one first.`,
        );
      }
      const row = await repository.insert(userId, toValues(input));
      pagesKept.forget(userId);
      return toReminder(row);
    },

    /** Replaces every field of the user's reminder. */
    async update(userId: number, id: number, input: LearningReminderInput): Promise<LearningReminder> {
      if (!(await repository.owned(userId, id))) throw notFound(NOT_FOUND);
      await checkProduct(input);
      const row = await repository.update(userId, id, toValues(input));
      pagesKept.forget(userId);
      if (!row) throw notFound(NOT_FOUND);
      return toReminder(row);
    },

    async delete(userId: number, id: number): Promise<void> {
      const deleted = await repository.delete(userId, id);
      pagesKept.forget(userId);
      if (!deleted) throw notFound(NOT_FOUND);
    },

    /** Keeps learners' pages while their changes are announced to this instance. */
    watchChanges: (listen: DatabaseHandle['listen']) => pagesKept.watch(listen),

    /** The courses among `ids` (one query, briefly cached; a request's loader batches calls). */
    courses,

    /**
     * The user's reminder as an RFC 5545 calendar file; 404 for anyone else's. Links are
     * made absolute with `site.publicUrl`; the event's UID is stable, so a re-import updates it.
     */
    async calendar(
      userId: number,
      id: number,
      site: { publicUrl: string; brandName: string },
    ): Promise<string> {
      const row = await repository.owned(userId, id);
      if (!row) throw notFound(NOT_FOUND);
      const reminder = toReminder(row);
      const course =
        reminder.learningProduct?.type === 'COURSE'
          ? ((await courses([reminder.learningProduct.id])).get(reminder.learningProduct.id) ?? null)
          : null;
      const courseUrl = course ? new URL(course.url, site.publicUrl).toString() : null;
      return reminderCalendar(
        {
          uid: `learning-reminder-${reminder.id}@${new URL(site.publicUrl).hostname}`,
          title: reminder.title,
          description: course ? `${course.title}\n${courseUrl}` : null,
          url: courseUrl,
          start: reminder.startDate,
          end: new Date(reminder.startDate.getTime() + reminder.durationInMinutes * MINUTE_MS),
          recurrenceRule: reminder.recurrencePattern,
          repeatUntil: reminder.endDate,
          alarmMinutesBefore: reminder.reminderMinutesBefore,
          lastModified: reminder.updatedAt,
        },
        { productId: `-//${site.brandName}//Learning reminders//EN`, stamp: clock.now() },
      );
    },
  };
}

export type LearningRemindersService = ReturnType<typeof createLearningRemindersService>;
