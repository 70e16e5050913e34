import {
  courseSlugOf,
  numberedSlug,
  type AdminCourseInput,
  type CourseStatus,
  type InstructionalLevel,
} from '@lectern/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database.js';
import {
  categories,
  courseCoverUploads,
  courseInstructors,
  courses,
  instructors,
  priceTierAmounts,
  priceTiers,
} from './catalog.tables.js';

/** A course as the back office reads and edits it. */
export interface AuthoredCourse {
  id: number;
  slug: string;
  title: string;
  headline: string;
  description: string;
  whatYouLearn: string[];
  requirements: string[];
  categoryId: number | null;
  categoryTitle: string | null;
  subcategoryId: number | null;
  subcategoryTitle: string | null;
  level: InstructionalLevel;
  locale: string;
  priceTierId: number | null;
  priceTierName: string | null;
  /** The tier's USD amount (the list shows it; other currencies are on the tier table). */
  usdAmount: number | null;
  isPublished: boolean;
  isUnlisted: boolean;
  isPrivate: boolean;
  numSubscribers: number;
  estimatedContentLength: number;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  coverVersion: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
}

export interface AuthoredCourseFilter {
  q: string;
  categoryId?: number;
  status?: CourseStatus;
  priceTierId?: number;
  locale?: string;
}

export type AuthoredCourseSort = { field: 'title' | 'created' | 'updated' | 'price'; descending: boolean };

const subcategories = alias(categories, 'subcategories');

const columns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  headline: courses.headline,
  description: courses.description,
  whatYouLearn: courses.whatYouLearn,
  requirements: courses.requirements,
  categoryId: courses.primaryCategoryId,
  categoryTitle: categories.title,
  subcategoryId: courses.primarySubcategoryId,
  subcategoryTitle: subcategories.title,
  level: courses.instructionalLevel,
  locale: courses.locale,
  priceTierId: courses.priceTierId,
  priceTierName: priceTiers.name,
  usdAmount: priceTierAmounts.amount,
  isPublished: courses.isPublished,
  isUnlisted: courses.isUnlisted,
  isPrivate: courses.isPrivate,
  numSubscribers: courses.numSubscribers,
  estimatedContentLength: courses.estimatedContentLength,
  publishedAt: courses.publishedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  coverVersion: courseCoverUploads.version,
  coverWidth: courseCoverUploads.width,
  coverHeight: courseCoverUploads.height,
};

const STATUS_CONDITION: Record<CourseStatus, SQL> = {
  draft: sql`not ${courses.isPublished}`,
  published: sql`${courses.isPublished} and not ${courses.isUnlisted}`,
  unlisted: sql`${courses.isPublished} and ${courses.isUnlisted}`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Course authoring (issue 32): what the back office reads of courses and writes to them, in
 * the caller's transaction where it writes. The catalog's own reads (cards, landing pages,
 * search) stay in the catalog repository; this side serves staff only.
 */
export function createCourseAuthoring(db: Database) {
  const base = (executor: Database) =>
    executor
      .select(columns)
      .from(courses)
      .leftJoin(categories, eq(categories.id, courses.primaryCategoryId))
      .leftJoin(subcategories, eq(subcategories.id, courses.primarySubcategoryId))
      .leftJoin(priceTiers, eq(priceTiers.id, courses.priceTierId))
      .leftJoin(
        priceTierAmounts,
        and(eq(priceTierAmounts.tierId, courses.priceTierId), eq(priceTierAmounts.currency, 'USD')),
      )
      .leftJoin(courseCoverUploads, eq(courseCoverUploads.courseId, courses.id));

  const select = (executor: Database, condition: SQL | undefined) => base(executor).where(condition);
  type Row = Awaited<ReturnType<typeof select>>[number];
  const toCourse = (row: Row): AuthoredCourse => ({
    ...row,
    level: row.level as InstructionalLevel,
    usdAmount: row.usdAmount === null ? null : Number(row.usdAmount),
    whatYouLearn: row.whatYouLearn ?? [],
    requirements: row.requirements ?? [],
  });

  function where(filter: AuthoredCourseFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q)}%`;
      conditions.push(or(ilike(courses.title, pattern), ilike(courses.slug, pattern)));
    }
    if (filter.categoryId !== undefined)
      conditions.push(
        or(
          eq(courses.primaryCategoryId, filter.categoryId),
          eq(courses.primarySubcategoryId, filter.categoryId),
        ),
      );
    if (filter.status) conditions.push(STATUS_CONDITION[filter.status]);
    if (filter.priceTierId !== undefined) conditions.push(eq(courses.priceTierId, filter.priceTierId));
    if (filter.locale) conditions.push(eq(courses.locale, filter.locale));
    return and(...conditions);
  }

  function orderOf(sort: AuthoredCourseSort): SQL[] {
    const direction = (column: SQL | typeof courses.id) =>
      sort.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
    switch (sort.field) {
      case 'title':
        return [direction(sql`lower(${courses.title})`), direction(courses.id)];
      case 'created':
        return [direction(sql`${courses.createdAt}`), direction(courses.id)];
      case 'updated':
        return [direction(sql`${courses.updatedAt}`), direction(courses.id)];
      case 'price':
        return [direction(sql`${priceTierAmounts.amount}`), direction(courses.id)];
    }
  }

  /** The first free address for a title: its slug, then numbered ones (`slug-2`…). */
  async function freeSlug(executor: Database, title: string, except?: number): Promise<string> {
    const slug = courseSlugOf(title);
    const taken = new Set(
      (
        await executor
          .select({ slug: courses.slug })
          .from(courses)
          .where(
            and(
              or(eq(courses.slug, slug), ilike(courses.slug, `${escapeLike(slug)}-%`)),
              except === undefined ? undefined : sql`${courses.id} <> ${except}`,
            ),
          )
      ).map((row) => row.slug),
    );
    for (let n = 1; ; n += 1) if (!taken.has(numberedSlug(slug, n))) return numberedSlug(slug, n);
  }

  const values = (input: AdminCourseInput) => ({
    title: input.title,
    headline: input.subtitle,
    description: input.description,
    whatYouLearn: input.what_you_learn,
    requirements: input.requirements,
    primaryCategoryId: input.category_id,
    primarySubcategoryId: input.subcategory_id,
    instructionalLevel: input.level,
    locale: input.locale,
    priceTierId: input.price_tier_id,
  });

  async function setInstructors(tx: Database, courseId: number, instructorIds: readonly number[]) {
    await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, courseId));
    if (instructorIds.length > 0)
      await tx
        .insert(courseInstructors)
        .values(instructorIds.map((instructorId, position) => ({ courseId, instructorId, position })));
  }

  return {
    /** A page of courses, whatever their status, matching the filter. */
    async list(
      filter: AuthoredCourseFilter,
      sort: AuthoredCourseSort,
      page: { limit: number; offset: number },
    ) {
      const condition = where(filter);
      const [total, rows] = await Promise.all([
        db.select({ value: count() }).from(courses).where(condition),
        select(db, condition)
          .orderBy(...orderOf(sort))
          .limit(page.limit)
          .offset(page.offset),
      ]);
      return { count: total[0]?.value ?? 0, rows: rows.map(toCourse) };
    },

    /** One course (any status); with `forUpdate`, its row locked for the caller's transaction. */
    async course(
      courseId: number,
      executor: Database = db,
      forUpdate = false,
    ): Promise<AuthoredCourse | null> {
      if (forUpdate)
        await executor.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
      const [row] = await select(executor, eq(courses.id, courseId));
      return row ? toCourse(row) : null;
    },

    /** The courses' instructors in their order. */
    async instructorsOf(courseIds: readonly number[], executor: Database = db) {
      if (courseIds.length === 0) return [];
      return executor
        .select({
          courseId: courseInstructors.courseId,
          id: instructors.id,
          displayName: instructors.displayName,
          jobTitle: instructors.jobTitle,
        })
        .from(courseInstructors)
        .innerJoin(instructors, eq(instructors.id, courseInstructors.instructorId))
        .where(inArray(courseInstructors.courseId, [...courseIds]))
        .orderBy(asc(courseInstructors.courseId), asc(courseInstructors.position));
    },

    /** A new draft with a free address made from its title; answers its id and slug. */
    async insert(tx: Database, input: AdminCourseInput): Promise<{ id: number; slug: string }> {
      // Two drafts of one title at once: the second takes the next number.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const slug = await freeSlug(tx, input.title);
        const [row] = await tx
          .insert(courses)
          .values({ ...values(input), slug, isPublished: false, isUnlisted: false })
          .onConflictDoNothing({ target: courses.slug })
          .returning({ id: courses.id, slug: courses.slug });
        if (row) {
          await setInstructors(tx, row.id, input.instructor_ids);
          return row;
        }
      }
      throw new Error('no free course address after five tries');
    },

    /**
     * Writes the course's fields and instructors. A course never published takes the address of
     * its new title; once published its address stays (links to it keep working).
     */
    async update(tx: Database, courseId: number, input: AdminCourseInput, current: AuthoredCourse) {
      const slug =
        current.publishedAt === null && input.title !== current.title
          ? await freeSlug(tx, input.title, courseId)
          : current.slug;
      await tx
        .update(courses)
        .set({ ...values(input), slug, updatedAt: sql`now()` })
        .where(eq(courses.id, courseId));
      await setInstructors(tx, courseId, input.instructor_ids);
    },

    /** Sets the status flags; the first publication dates the course (search's "newest"). */
    async setStatus(
      tx: Database,
      courseId: number,
      flags: { isPublished: boolean; isUnlisted: boolean },
      at: Date,
    ) {
      await tx
        .update(courses)
        .set({
          ...flags,
          publishedAt: flags.isPublished
            ? sql`coalesce(${courses.publishedAt}, ${at.toISOString()}::timestamptz)`
            : sql`${courses.publishedAt}`,
          updatedAt: sql`now()`,
        })
        .where(eq(courses.id, courseId));
    },

    async setPriceTier(tx: Database, courseId: number, tierId: number) {
      await tx
        .update(courses)
        .set({ priceTierId: tierId, updatedAt: sql`now()` })
        .where(eq(courses.id, courseId));
    },

    async setContentLength(tx: Database, courseId: number, minutes: number) {
      await tx
        .update(courses)
        .set({ estimatedContentLength: minutes, updatedAt: sql`now()` })
        .where(eq(courses.id, courseId));
    },

    /** Stores an uploaded cover (replacing any), already normalised; the course changes with it. */
    async putCover(
      tx: Database,
      courseId: number,
      cover: { image: Buffer; width: number; height: number; version: string },
    ) {
      await tx
        .insert(courseCoverUploads)
        .values({ courseId, ...cover, uploadedAt: sql`now()` })
        .onConflictDoUpdate({
          target: courseCoverUploads.courseId,
          set: {
            image: cover.image,
            width: cover.width,
            height: cover.height,
            version: cover.version,
            uploadedAt: sql`now()`,
          },
        });
      await tx
        .update(courses)
        .set({ updatedAt: sql`now()` })
        .where(eq(courses.id, courseId));
    },

    /** Removes the uploaded cover (the drawn one is shown again); false when there was none. */
    async deleteCover(tx: Database, courseId: number): Promise<boolean> {
      const removed = await tx
        .delete(courseCoverUploads)
        .where(eq(courseCoverUploads.courseId, courseId))
        .returning({ courseId: courseCoverUploads.courseId });
      if (removed.length > 0)
        await tx
          .update(courses)
          .set({ updatedAt: sql`now()` })
          .where(eq(courses.id, courseId));
      return removed.length > 0;
    },

    /** Every instructor by name (the course form's list). */
    instructors: () =>
      db
        .select({ id: instructors.id, displayName: instructors.displayName, jobTitle: instructors.jobTitle })
        .from(instructors)
        .orderBy(asc(instructors.displayName), asc(instructors.id)),

    /** The instructors among `ids` that exist. */
    async existingInstructors(ids: readonly number[], executor: Database = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .select({ id: instructors.id })
        .from(instructors)
        .where(inArray(instructors.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    async insertInstructor(tx: Database, input: { displayName: string; jobTitle: string }) {
      const [row] = await tx.insert(instructors).values(input).returning({
        id: instructors.id,
        displayName: instructors.displayName,
        jobTitle: instructors.jobTitle,
      });
      return row!;
    },

    /** A category by id with its parent (null: a top-level category); null when there is none. */
    async category(categoryId: number, executor: Database = db) {
      const [row] = await executor
        .select({ id: categories.id, title: categories.title, parentId: categories.parentId })
        .from(categories)
        .where(eq(categories.id, categoryId));
      return row ?? null;
    },

    /** Whether a price tier exists (and its name). */
    async tier(tierId: number, executor: Database = db) {
      const [row] = await executor
        .select({ id: priceTiers.id, name: priceTiers.name })
        .from(priceTiers)
        .where(eq(priceTiers.id, tierId));
      return row ?? null;
    },

    /** Courses by id with their titles (a code's courses). */
    async titles(ids: readonly number[], executor: Database = db) {
      if (ids.length === 0) return [];
      return executor
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(inArray(courses.id, [...ids]))
        .orderBy(asc(courses.id));
    },

    /** Courses whose title matches (a code's course picker), newest first. */
    async search(q: string, limit: number) {
      return db
        .select({ id: courses.id, title: courses.title, slug: courses.slug })
        .from(courses)
        .where(
          q
            ? or(ilike(courses.title, `%${escapeLike(q)}%`), ilike(courses.slug, `%${escapeLike(q)}%`))
            : undefined,
        )
        .orderBy(desc(courses.id))
        .limit(limit);
    },
  };
}

export type CourseAuthoring = ReturnType<typeof createCourseAuthoring>;
