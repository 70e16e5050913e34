import { parseCourseImageVariant } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseId } from '../../platform/http/database-id.js';
import { notFound } from '../../platform/http/http-error.js';
import type { CourseImages } from './course-images.service.js';

/** The address holds the cover's version, so what it names never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const params = z.object({
  courseId: z.string().max(20),
  version: z.string().max(64),
  file: z.string().max(32),
});

/**
 * `GET /course-images/{courseId}/{version}/{width}.{avif|webp|jpg}` and `…/cover.svg`: a public
 * course's cover (see `course-images.ts` in the domain). Outside the API scope: images are
 * public and cached by browsers and CDNs, not `private, no-store` like API answers.
 */
export const courseImagesRoutes: FastifyPluginAsyncZod<{ images: CourseImages }> = async (
  app,
  { images },
) => {
  app.get('/course-images/:courseId/:version/:file', { schema: { params } }, async (request, reply) => {
    const { courseId, version, file } = request.params;
    const variant = parseCourseImageVariant(file);
    if (!isDatabaseId(courseId) || !variant) throw notFound('No such course image.');
    const answer = await images.image(Number(courseId), version, variant);
    if (!answer) throw notFound('No such course.');
    if (answer.kind === 'moved') {
      // An older version's address (a page cached before the title changed): not for keeps.
      return reply.header('cache-control', 'no-cache').redirect(answer.location, 302);
    }
    return reply.header('cache-control', IMMUTABLE).type(answer.contentType).send(answer.body);
  });
};
