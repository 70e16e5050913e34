import type { AdminCurriculumInput, AdminCurriculumSection } from '@lectern/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { curriculumItems, curriculumSections } from './course-content.tables.js';

/** What a written curriculum adds up to: the lectures' seconds (the course's length is their minutes). */
export interface WrittenCurriculum {
  lectureSeconds: number[];
  sections: AdminCurriculumSection[];
}

/** Field errors of a curriculum naming sections or items that are not the course's own. */
export class ForeignCurriculumEntries extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super('the curriculum names sections or items of another course');
  }
}

const minutesOf = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 60));

/**
 * Course authoring's side of course content (issue 32): a course's curriculum as the back office
 * edits it (sections of lectures with their minutes; other items kept as they are), written in
 * the caller's transaction. Kept sections and items keep their ids, so what learners completed
 * of them stays theirs.
 */
export function createCurriculumAuthoring() {
  async function read(executor: Database, courseId: number): Promise<WrittenCurriculum> {
    const [sections, items] = await Promise.all([
      executor
        .select({ id: curriculumSections.id, title: curriculumSections.title })
        .from(curriculumSections)
        .where(eq(curriculumSections.courseId, courseId))
        .orderBy(asc(curriculumSections.position)),
      executor
        .select({
          id: curriculumItems.id,
          sectionId: curriculumItems.sectionId,
          type: curriculumItems.type,
          title: curriculumItems.title,
          durationSeconds: curriculumItems.durationSeconds,
        })
        .from(curriculumItems)
        .where(eq(curriculumItems.courseId, courseId))
        .orderBy(asc(curriculumItems.position)),
    ]);
    return {
      lectureSeconds: items
        .filter((item) => item.type === 'LECTURE')
        .map((item) => item.durationSeconds ?? 0),
      sections: sections.map((section) => ({
        id: section.id,
        title: section.title,
        items: items
          .filter((item) => item.sectionId === section.id)
          .map((item) => ({
            id: item.id,
            type: item.type,
            title: item.title,
            duration_minutes: minutesOf(item.durationSeconds),
          })),
      })),
    };
  }

  return {
    /** The course's curriculum in order, as the back office shows it. */
    read,

    /**
     * Replaces the course's curriculum with `input` inside `tx`: entries with an id are kept
     * (moved, renamed, re-timed), new ones are inserted (new items are lectures), the rest are
     * removed. Throws `ForeignCurriculumEntries` when an id is not one of the course's.
     */
    async write(tx: Database, courseId: number, input: AdminCurriculumInput): Promise<WrittenCurriculum> {
      const existingSections = await tx
        .select({ id: curriculumSections.id })
        .from(curriculumSections)
        .where(eq(curriculumSections.courseId, courseId))
        .for('update');
      const existingItems = await tx
        .select({
          id: curriculumItems.id,
          type: curriculumItems.type,
          durationSeconds: curriculumItems.durationSeconds,
        })
        .from(curriculumItems)
        .where(eq(curriculumItems.courseId, courseId))
        .for('update');
      const sectionIds = new Set(existingSections.map((row) => row.id));
      const itemsById = new Map(existingItems.map((row) => [row.id, row]));

      const errors: Record<string, string[]> = {};
      const seenSections = new Set<number>();
      const seenItems = new Set<number>();
      input.sections.forEach((section, s) => {
        if (section.id !== undefined) {
          if (!sectionIds.has(section.id) || seenSections.has(section.id))
            errors[`sections.${s}.id`] = ['Not a section of this course (or listed twice).'];
          seenSections.add(section.id);
        }
        section.items.forEach((item, i) => {
          if (item.id === undefined) return;
          if (!itemsById.has(item.id) || seenItems.has(item.id))
            errors[`sections.${s}.items.${i}.id`] = ['Not a lecture of this course (or listed twice).'];
          seenItems.add(item.id);
        });
      });
      if (Object.keys(errors).length > 0) throw new ForeignCurriculumEntries(errors);

      // Every kept place is taken again below: first out of the way of the unique positions.
      await tx
        .update(curriculumSections)
        .set({ position: sql`-${curriculumSections.position} - 1` })
        .where(eq(curriculumSections.courseId, courseId));
      await tx
        .update(curriculumItems)
        .set({ position: sql`-${curriculumItems.position} - 1` })
        .where(eq(curriculumItems.courseId, courseId));
      // Items left out go (with what learners completed of them); then sections left out.
      await tx
        .delete(curriculumItems)
        .where(
          and(
            eq(curriculumItems.courseId, courseId),
            seenItems.size > 0 ? notInArray(curriculumItems.id, [...seenItems]) : undefined,
          ),
        );

      const finalSectionIds: number[] = [];
      for (const [position, section] of input.sections.entries()) {
        if (section.id !== undefined) {
          await tx
            .update(curriculumSections)
            .set({ position, title: section.title })
            .where(eq(curriculumSections.id, section.id));
          finalSectionIds.push(section.id);
        } else {
          const [row] = await tx
            .insert(curriculumSections)
            .values({ courseId, position, title: section.title })
            .returning({ id: curriculumSections.id });
          finalSectionIds.push(row!.id);
        }
      }
      const removedSections = [...sectionIds].filter((id) => !seenSections.has(id));
      if (removedSections.length > 0)
        await tx.delete(curriculumSections).where(inArray(curriculumSections.id, removedSections));

      for (const [s, section] of input.sections.entries()) {
        const sectionId = finalSectionIds[s]!;
        const inserts: (typeof curriculumItems.$inferInsert)[] = [];
        for (const [position, item] of section.items.entries()) {
          const minutes = item.duration_minutes ?? null;
          if (item.id === undefined) {
            inserts.push({
              courseId,
              sectionId,
              position,
              type: 'LECTURE',
              title: item.title,
              durationSeconds: (minutes ?? 1) * 60,
            });
            continue;
          }
          const existing = itemsById.get(item.id)!;
          // A lecture keeps its exact seconds unless its minutes were changed.
          const retimed =
            existing.type === 'LECTURE' &&
            minutes !== null &&
            minutes !== minutesOf(existing.durationSeconds);
          await tx
            .update(curriculumItems)
            .set({
              sectionId,
              position,
              title: item.title,
              ...(retimed ? { durationSeconds: minutes * 60 } : {}),
            })
            .where(eq(curriculumItems.id, item.id));
        }
        if (inserts.length > 0) await tx.insert(curriculumItems).values(inserts);
      }
      return read(tx, courseId);
    },
  };
}

export type CurriculumAuthoring = ReturnType<typeof createCurriculumAuthoring>;
