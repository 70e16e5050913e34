import {
  COURSE_IMAGE_DEFAULT_WIDTH,
  adminCourseInputSchema,
  adminCourseStatusInputSchema,
  adminCoursesQuerySchema,
  adminCurriculumInputSchema,
  adminInstructorInputSchema,
  type AdminCourseDetail,
  type AdminCoursePreview,
  type AdminCourseRow,
  type AdminInstructor,
  type AdminPage,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { HttpError } from '../../platform/http/http-error.js';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import {
  COVER_UPLOAD_MAX_BYTES,
  COVER_UPLOAD_TYPES,
  CoverUploadBody,
  PREVIEW_WIDTHS,
} from './admin-course-cover.js';
import type { AdminCourses } from './admin-courses.service.js';

export const ADMIN_COURSES_PATH = '/api-2.0/admin/courses/';
export const ADMIN_INSTRUCTORS_PATH = '/api-2.0/admin/instructors/';

const READ = staffOnly('backOffice.read');
const WRITE = staffOnly('catalog.write');

export const courseParams = z.object({ id: databaseId('id must be a course id.', { coerce: true }) });

const coverQuery = z.object({
  width: z.coerce
    .number({ error: `width must be one of ${PREVIEW_WIDTHS.join(', ')}.` })
    .refine(
      (value): value is (typeof PREVIEW_WIDTHS)[number] =>
        (PREVIEW_WIDTHS as readonly number[]).includes(value),
      `width must be one of ${PREVIEW_WIDTHS.join(', ')}.`,
    )
    .default(COURSE_IMAGE_DEFAULT_WIDTH),
  /** The cover's version (the address changes with it, so a new cover shows at once). */
  v: z.string().max(64).optional(),
});

/**
 * The back office's courses (issue 32) under `/api-2.0/admin/courses/`: any staff member reads
 * (`backOffice.read`), the catalog role writes (`catalog.write`). The cover upload takes the image
 * itself as the body (`Content-Type: image/jpeg|png|webp`, at most 5 MB: this route's own limit).
 */
export const adminCoursesRoutes: FastifyPluginAsyncZod<{ courses: AdminCourses }> = async (
  app,
  { courses },
) => {
  // Only this plugin's routes read image bodies; the bytes are handed on untouched.
  app.addContentTypeParser(
    [...COVER_UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: COVER_UPLOAD_MAX_BYTES },
    (request, body, done) => {
      done(null, new CoverUploadBody(body as Buffer, String(request.headers['content-type'] ?? '')));
    },
  );

  app.get(
    ADMIN_COURSES_PATH,
    { config: READ, schema: { querystring: adminCoursesQuerySchema } },
    (request): Promise<AdminPage<AdminCourseRow>> => {
      const {
        q,
        page,
        page_size: pageSize,
        sort,
        category,
        status,
        price_tier: priceTier,
        language,
      } = request.query;
      return courses.list(
        { q, categoryId: category, status, priceTierId: priceTier, locale: language },
        sort,
        { page, pageSize },
      );
    },
  );

  app.post(
    ADMIN_COURSES_PATH,
    { config: WRITE, schema: { body: adminCourseInputSchema } },
    async (request, reply): Promise<AdminCourseDetail> => {
      const created = await courses.create(requireStaff(request), request.body);
      reply.status(201);
      return created;
    },
  );

  app.get(
    `${ADMIN_COURSES_PATH}:id/`,
    { config: READ, schema: { params: courseParams } },
    (request): Promise<AdminCourseDetail> => courses.detail(request.params.id),
  );

  app.put(
    `${ADMIN_COURSES_PATH}:id/`,
    { config: WRITE, schema: { params: courseParams, body: adminCourseInputSchema } },
    (request): Promise<AdminCourseDetail> =>
      courses.update(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    `${ADMIN_COURSES_PATH}:id/status/`,
    { config: WRITE, schema: { params: courseParams, body: adminCourseStatusInputSchema } },
    (request): Promise<AdminCourseDetail> =>
      courses.setStatus(requireStaff(request), request.params.id, request.body.status),
  );

  app.put(
    `${ADMIN_COURSES_PATH}:id/curriculum/`,
    { config: WRITE, schema: { params: courseParams, body: adminCurriculumInputSchema } },
    (request): Promise<AdminCourseDetail> =>
      courses.setCurriculum(requireStaff(request), request.params.id, request.body),
  );

  app.put(
    `${ADMIN_COURSES_PATH}:id/cover/`,
    { config: WRITE, bodyLimit: COVER_UPLOAD_MAX_BYTES, schema: { params: courseParams } },
    (request): Promise<AdminCourseDetail> => {
      if (!(request.body instanceof CoverUploadBody)) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          `Send the image itself as the body, with the content type ${COVER_UPLOAD_TYPES.join(', ')}.`,
        );
      }
      return courses.uploadCover(requireStaff(request), request.params.id, request.body);
    },
  );

  app.delete(
    `${ADMIN_COURSES_PATH}:id/cover/`,
    { config: WRITE, schema: { params: courseParams } },
    (request): Promise<AdminCourseDetail> => courses.removeCover(requireStaff(request), request.params.id),
  );

  // The cover as staff preview it (drafts included): never public, so never a shared cache's.
  app.get(
    `${ADMIN_COURSES_PATH}:id/cover/`,
    { config: READ, schema: { params: courseParams, querystring: coverQuery } },
    async (request, reply) => {
      const image = await courses.coverImage(request.params.id, request.query.width);
      return reply.header('cache-control', 'private, max-age=3600').type('image/webp').send(image);
    },
  );

  app.get(
    `${ADMIN_COURSES_PATH}:id/preview/`,
    { config: READ, schema: { params: courseParams } },
    (request): Promise<AdminCoursePreview> => courses.preview(request.params.id),
  );

  app.get(ADMIN_INSTRUCTORS_PATH, { config: READ }, async (): Promise<{ results: AdminInstructor[] }> => ({
    results: await courses.instructors(),
  }));

  app.post(
    ADMIN_INSTRUCTORS_PATH,
    { config: WRITE, schema: { body: adminInstructorInputSchema } },
    async (request, reply): Promise<AdminInstructor> => {
      const created = await courses.createInstructor(requireStaff(request), request.body);
      reply.status(201);
      return created;
    },
  );
};
