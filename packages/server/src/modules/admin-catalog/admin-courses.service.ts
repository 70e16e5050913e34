import {
  COURSE_IMAGE_DEFAULT_WIDTH,
  courseStatusFlags,
  courseStatusOf,
  curriculumMinutes,
  money,
  publishingProblems,
  staffMay,
  type AdminCourseDetail,
  type AdminCourseInput,
  type AdminCoursePreview,
  type AdminCourseRow,
  type AdminCurriculumInput,
  type AdminInstructor,
  type AdminInstructorInput,
  type AdminPage,
  type AdminScheduledPrice,
  type CourseImageWidth,
  type CourseStatus,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { Database } from '../../platform/db/database.js';
import { HttpError, notFound, permissionDenied, validationError } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import { courseUrl } from '../catalog/catalog.service.js';
import type {
  AuthoredCourse,
  AuthoredCourseFilter,
  AuthoredCourseSort,
  CourseAuthoring,
} from '../catalog/course-authoring.js';
import type { PriceAuthoring, PriceChangeRow } from '../catalog/price-authoring.js';
import { courseCoverUrl, uploadedCoverVersion } from '../course-images/course-cover-svg.js';
import {
  ForeignCurriculumEntries,
  type CurriculumAuthoring,
} from '../course-content/curriculum-authoring.js';
import type { StaffMember } from '../staff/staff-access.js';
import { coverPreview, normaliseCover, type CoverUploadBody } from './admin-course-cover.js';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** What the audit log keeps of a course before and after a change (its fields, not its curriculum). */
export function courseSnapshot(course: AuthoredCourse, instructorIds: readonly number[]) {
  return {
    title: course.title,
    slug: course.slug,
    status: courseStatusOf(course),
    subtitle: course.headline,
    description: course.description,
    what_you_learn: course.whatYouLearn,
    requirements: course.requirements,
    category_id: course.categoryId,
    subcategory_id: course.subcategoryId,
    level: course.level,
    locale: course.locale,
    instructor_ids: [...instructorIds],
    price_tier_id: course.priceTierId,
  };
}

export function scheduledPriceOf(row: PriceChangeRow): AdminScheduledPrice {
  return {
    id: row.id,
    price_tier: { id: row.priceTierId, name: row.tierName },
    effective_at: row.effectiveAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    state: row.cancelledAt ? 'cancelled' : row.appliedAt ? 'applied' : 'pending',
    applied_at: iso(row.appliedAt),
    cancelled_at: iso(row.cancelledAt),
  };
}

/** The address of a course's cover as staff see it (any status), versioned so a new one shows at once. */
export function adminCoverPath(course: AuthoredCourse, width: CourseImageWidth = COURSE_IMAGE_DEFAULT_WIDTH) {
  const version = course.coverVersion
    ? uploadedCoverVersion(course.coverVersion)
    : `d${course.updatedAt.getTime()}`;
  return `/api-2.0/admin/courses/${course.id}/cover/?width=${width}&v=${version}`;
}

export function courseRowOf(course: AuthoredCourse): AdminCourseRow {
  return {
    id: course.id,
    title: course.title,
    slug: course.slug,
    status: courseStatusOf(course),
    is_private: course.isPrivate,
    category:
      course.categoryId === null ? null : { id: course.categoryId, title: course.categoryTitle ?? '' },
    subcategory:
      course.subcategoryId === null
        ? null
        : { id: course.subcategoryId, title: course.subcategoryTitle ?? '' },
    locale: course.locale,
    level: course.level,
    price_tier:
      course.priceTierId === null
        ? null
        : {
            id: course.priceTierId,
            name: course.priceTierName ?? '',
            usd: course.usdAmount === null ? null : { amount: course.usdAmount, currency: 'USD' },
          },
    url: courseUrl(course.slug),
    image_url: adminCoverPath(course),
    num_subscribers: course.numSubscribers,
    created_at: course.createdAt.toISOString(),
    updated_at: course.updatedAt.toISOString(),
  };
}

/**
 * The back office's courses (issue 32): list, create, edit, status, curriculum and cover. Every
 * change is written with its audit entry in one transaction; once it commits, the storefront's
 * kept data is dropped, so the change shows at once (pages, cards, search).
 */
export function createAdminCourses(deps: {
  db: Database;
  clock: Clock;
  audit: AdminAudit;
  courses: CourseAuthoring;
  prices: PriceAuthoring;
  curriculum: CurriculumAuthoring;
  /** Its uploaded covers; told once a change commits, so this instance drops what it kept (search too). */
  catalog: Pick<CatalogService, 'changed' | 'coverUpload'>;
}) {
  const { db, clock, audit, courses, prices, curriculum, catalog } = deps;

  async function existing(
    courseId: number,
    executor: Database = db,
    forUpdate = false,
  ): Promise<AuthoredCourse> {
    const course = await courses.course(courseId, executor, forUpdate);
    if (!course) throw notFound(`There is no course ${courseId}.`);
    return course;
  }

  /** The references of a course form that must exist and fit together; 400 naming each field otherwise. */
  async function checkReferences(input: AdminCourseInput, executor: Database): Promise<void> {
    const errors: Record<string, string[]> = {};
    const [category, subcategory, tier, instructors] = await Promise.all([
      input.category_id === null ? null : courses.category(input.category_id, executor),
      input.subcategory_id === null ? null : courses.category(input.subcategory_id, executor),
      input.price_tier_id === null ? null : courses.tier(input.price_tier_id, executor),
      courses.existingInstructors(input.instructor_ids, executor),
    ]);
    if (input.category_id !== null) {
      if (!category) errors.category_id = ['There is no such category.'];
      else if (category.parentId !== null)
        errors.category_id = ['Choose a top-level category; its subcategory goes under Subcategory.'];
    }
    if (input.subcategory_id !== null) {
      if (input.category_id === null) errors.subcategory_id = ['Choose the category first.'];
      else if (!subcategory || subcategory.parentId !== input.category_id)
        errors.subcategory_id = ['Choose a subcategory of the chosen category.'];
    }
    if (input.price_tier_id !== null && !tier) errors.price_tier_id = ['There is no such price tier.'];
    const missing = input.instructor_ids.filter((id) => !instructors.has(id));
    if (missing.length > 0) errors.instructor_ids = [`There is no instructor ${missing.join(', ')}.`];
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  async function detail(courseId: number, executor: Database = db): Promise<AdminCourseDetail> {
    const course = await existing(courseId, executor);
    const [instructors, written, changes] = await Promise.all([
      courses.instructorsOf([courseId], executor),
      curriculum.read(executor, courseId),
      prices.changesOf(courseId, executor),
    ]);
    return {
      ...courseRowOf(course),
      subtitle: course.headline,
      description: course.description,
      what_you_learn: course.whatYouLearn,
      requirements: course.requirements,
      instructors: instructors.map(instructorOf),
      estimated_content_length: course.estimatedContentLength,
      published_at: iso(course.publishedAt),
      cover: {
        uploaded: course.coverVersion !== null,
        version: course.coverVersion,
        width: course.coverWidth,
        height: course.coverHeight,
      },
      curriculum: written.sections,
      scheduled_prices: changes.map(scheduledPriceOf),
      publishing_problems: publishingProblems(course),
    };
  }

  const instructorOf = (row: { id: number; displayName: string; jobTitle: string }): AdminInstructor => ({
    id: row.id,
    display_name: row.displayName,
    job_title: row.jobTitle,
  });

  /** Runs a change and its audit entry in one transaction, then tells the storefront. */
  async function change<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const result = await db.transaction((tx) => work(tx));
    catalog.changed();
    return result;
  }

  const label = (course: { title: string }) => `“${course.title}”`;

  /** A course's price is the prices role's: the course form may set it only with that permission. */
  function checkPriceChange(staff: StaffMember, from: number | null, to: number | null): void {
    if (from !== to && !staffMay(staff.role, 'prices.write'))
      throw permissionDenied(`Your staff role (${staff.role}) may not change prices.`);
  }

  return {
    async list(
      filter: AuthoredCourseFilter,
      sort: AuthoredCourseSort,
      page: { page: number; pageSize: number },
    ): Promise<AdminPage<AdminCourseRow>> {
      const { count, rows } = await courses.list(filter, sort, {
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
      return { count, page: page.page, page_size: page.pageSize, results: rows.map(courseRowOf) };
    },

    detail,

    async create(staff: StaffMember, input: AdminCourseInput): Promise<AdminCourseDetail> {
      checkPriceChange(staff, null, input.price_tier_id);
      const id = await change(async (tx) => {
        await checkReferences(input, tx);
        const created = await courses.insert(tx, input);
        const course = await existing(created.id, tx);
        await audit.record(tx, {
          actor: staff,
          action: 'course.created',
          objectType: 'course',
          objectId: created.id,
          summary: `Created the course ${label(course)} as a draft`,
          after: courseSnapshot(course, input.instructor_ids),
        });
        return created.id;
      });
      return detail(id);
    },

    async update(staff: StaffMember, courseId: number, input: AdminCourseInput): Promise<AdminCourseDetail> {
      await change(async (tx) => {
        const before = await existing(courseId, tx, true);
        const instructorsBefore = (await courses.instructorsOf([courseId], tx)).map((row) => row.id);
        checkPriceChange(staff, before.priceTierId, input.price_tier_id);
        await checkReferences(input, tx);
        // A live course keeps what publishing asked of it.
        if (before.isPublished) {
          const problems = publishingProblems({
            title: input.title,
            categoryId: input.category_id,
            priceTierId: input.price_tier_id,
          });
          if (Object.keys(problems).length > 0)
            throw validationError(problems, 'A published course keeps its title, category and price tier.');
        }
        await courses.update(tx, courseId, input, before);
        const after = await existing(courseId, tx);
        await audit.record(tx, {
          actor: staff,
          action: 'course.updated',
          objectType: 'course',
          objectId: courseId,
          summary: `Edited the course ${label(after)}`,
          before: courseSnapshot(before, instructorsBefore),
          after: courseSnapshot(after, input.instructor_ids),
        });
      });
      return detail(courseId);
    },

    async setStatus(staff: StaffMember, courseId: number, status: CourseStatus): Promise<AdminCourseDetail> {
      await change(async (tx) => {
        const before = await existing(courseId, tx, true);
        const was = courseStatusOf(before);
        if (was === status) return;
        if (status !== 'draft') {
          const problems = publishingProblems(before);
          if (Object.keys(problems).length > 0)
            throw validationError(
              problems,
              'The course cannot be published yet: it needs a title, a category and a price tier.',
            );
        }
        await courses.setStatus(tx, courseId, courseStatusFlags(status), clock.now());
        const verb = { draft: 'unpublished', published: 'published', unlisted: 'unlisted' }[status];
        await audit.record(tx, {
          actor: staff,
          action: `course.${verb}`,
          objectType: 'course',
          objectId: courseId,
          summary:
            status === 'draft'
              ? `Took the course ${label(before)} off the storefront (draft)`
              : status === 'unlisted'
                ? `Made the course ${label(before)} unlisted (reachable by its address only)`
                : `Published the course ${label(before)}`,
          before: { status: was },
          after: { status },
        });
      });
      return detail(courseId);
    },

    async setCurriculum(
      staff: StaffMember,
      courseId: number,
      input: AdminCurriculumInput,
    ): Promise<AdminCourseDetail> {
      await change(async (tx) => {
        const course = await existing(courseId, tx, true);
        const before = await curriculum.read(tx, courseId);
        let after;
        try {
          after = await curriculum.write(tx, courseId, input);
        } catch (error) {
          if (error instanceof ForeignCurriculumEntries) throw validationError(error.fieldErrors);
          throw error;
        }
        const minutes = curriculumMinutes(after.lectureSeconds);
        await courses.setContentLength(tx, courseId, minutes);
        await audit.record(tx, {
          actor: staff,
          action: 'course.curriculum_changed',
          objectType: 'course',
          objectId: courseId,
          summary: `Changed the curriculum of ${label(course)}: ${after.sections.length} sections, ${after.lectureSeconds.length} lectures, ${minutes} minutes`,
          before: { sections: before.sections, estimated_content_length: course.estimatedContentLength },
          after: { sections: after.sections, estimated_content_length: minutes },
        });
      });
      return detail(courseId);
    },

    async uploadCover(
      staff: StaffMember,
      courseId: number,
      body: CoverUploadBody,
    ): Promise<AdminCourseDetail> {
      await existing(courseId);
      // The image work happens before the transaction: no row stays locked while sharp runs.
      const cover = await normaliseCover(body);
      await change(async (tx) => {
        const before = await existing(courseId, tx, true);
        await courses.putCover(tx, courseId, cover);
        await audit.record(tx, {
          actor: staff,
          action: 'course.cover_uploaded',
          objectType: 'course',
          objectId: courseId,
          summary: `Uploaded a cover for ${label(before)} (${cover.width}×${cover.height})`,
          before: { cover_version: before.coverVersion },
          after: {
            cover_version: cover.version,
            width: cover.width,
            height: cover.height,
            bytes: cover.image.length,
          },
        });
      });
      return detail(courseId);
    },

    async removeCover(staff: StaffMember, courseId: number): Promise<AdminCourseDetail> {
      await change(async (tx) => {
        const before = await existing(courseId, tx, true);
        if (!(await courses.deleteCover(tx, courseId))) return;
        await audit.record(tx, {
          actor: staff,
          action: 'course.cover_removed',
          objectType: 'course',
          objectId: courseId,
          summary: `Removed the uploaded cover of ${label(before)} (the drawn cover is back)`,
          before: { cover_version: before.coverVersion },
          after: { cover_version: null },
        });
      });
      return detail(courseId);
    },

    /** The course's cover as staff preview it (drafts included), in WebP. */
    async coverImage(courseId: number, width: CourseImageWidth): Promise<Buffer> {
      const course = await existing(courseId);
      const upload = course.coverVersion ? await deps.catalog.coverUpload(courseId) : null;
      return coverPreview(
        {
          upload: upload?.image ?? null,
          facts: { id: course.id, title: course.title, category: course.categoryTitle },
        },
        width,
      );
    },

    /** The landing page's content as buyers would see it: staff only, whatever the status. */
    async preview(courseId: number): Promise<AdminCoursePreview> {
      const course = await existing(courseId);
      const [instructors, written, usd] = await Promise.all([
        courses.instructorsOf([courseId]),
        curriculum.read(db, courseId),
        course.priceTierId === null ? null : prices.tierAmount(course.priceTierId, 'USD'),
      ]);
      const published = course.isPublished && !course.isPrivate;
      return {
        id: course.id,
        status: courseStatusOf(course),
        title: course.title,
        headline: course.headline,
        description: course.description,
        what_you_learn: course.whatYouLearn,
        requirements: course.requirements,
        url: courseUrl(course.slug),
        // A live course's public cover; a draft's is the staff-only preview.
        image_url:
          published && course.categoryTitle !== null
            ? courseCoverUrl({
                id: course.id,
                title: course.title,
                category: course.categoryTitle,
                uploadVersion: course.coverVersion,
              })
            : adminCoverPath(course),
        category: course.categoryTitle,
        subcategory: course.subcategoryTitle,
        locale: course.locale,
        level: course.level,
        instructors: instructors.map((row) => row.displayName),
        estimated_content_length: course.estimatedContentLength,
        price: usd === null ? null : { ...money(usd, 'USD') },
        curriculum: written.sections,
      };
    },

    async instructors(): Promise<AdminInstructor[]> {
      return (await courses.instructors()).map(instructorOf);
    },

    async createInstructor(staff: StaffMember, input: AdminInstructorInput): Promise<AdminInstructor> {
      return change(async (tx) => {
        const row = await courses.insertInstructor(tx, {
          displayName: input.display_name,
          jobTitle: input.job_title,
        });
        await audit.record(tx, {
          actor: staff,
          action: 'instructor.created',
          objectType: 'instructor',
          objectId: row.id,
          summary: `Added the instructor ${row.displayName}`,
          after: { display_name: row.displayName, job_title: row.jobTitle },
        });
        return instructorOf(row);
      });
    },
  };
}

export type AdminCourses = ReturnType<typeof createAdminCourses>;

/** An operation that is not allowed in the object's state (409). */
export const conflict = (code: string, detail: string) => new HttpError(409, code, detail);
