import {
  isCourseSettingCode,
  USER_SETTING_MESSAGES,
  validateUserSetting,
  type CourseSettingsResponse,
  type UserSettingResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { notFound, validationError } from '../../platform/http/http-error.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { SettingsService } from './settings.service.js';

const courseParams = z.object({ courseId: databaseId('courseId must be a course id.', { coerce: true }) });

/**
 * Platform §3/§7 settings calls, for signed-in users. The body `{setting, value}` is checked by
 * the domain's `validateUserSetting` (the one rule the browser shares), so an unknown setting
 * or a value it cannot read is a 400 with the domain's field errors and nothing is stored.
 * Each call answers the setting as it now reads; the user's settings come back in
 * `me.settings` of `GET /api-2.0/contexts/me/`, a course's in `GET …/course/{courseId}/settings/`.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  catalog: CatalogService;
}> = async (app, { settings, catalog }) => {
  // Any course, published or not: a learner keeps the settings of a course they own after it
  // is unpublished. The short-lived course cache answers repeated calls.
  const requireCourse = async (courseId: number): Promise<void> => {
    const courses = await catalog.cartCourses([courseId], 'USD', { cached: true });
    if (!courses.has(courseId)) throw notFound();
  };

  app.post(
    '/api-2.0/users/me/settings/',
    { config: SIGNED_IN },
    async (request): Promise<UserSettingResponse> => {
      const userId = requireUserId(request);
      const checked = validateUserSetting(request.body, 'user');
      if (!checked.ok) throw validationError(checked.fieldErrors);
      await settings.setUserSetting(userId, checked.setting, checked.stored);
      return { setting: checked.setting, value: checked.value };
    },
  );

  app.post(
    '/api-2.0/users/me/course/:courseId/settings/',
    { config: SIGNED_IN, schema: { params: courseParams } },
    async (request): Promise<UserSettingResponse> => {
      const userId = requireUserId(request);
      const checked = validateUserSetting(request.body, 'course');
      if (!checked.ok) throw validationError(checked.fieldErrors);
      const { setting } = checked;
      // The 'course' scope has already refused other settings; this narrows the type.
      if (!isCourseSettingCode(setting)) {
        throw validationError({ setting: [USER_SETTING_MESSAGES.notCourseSetting] });
      }
      await requireCourse(request.params.courseId);
      await settings.setCourseSetting(userId, request.params.courseId, setting, checked.stored);
      return { setting: checked.setting, value: checked.value };
    },
  );

  app.get(
    '/api-2.0/users/me/course/:courseId/settings/',
    { config: SIGNED_IN, schema: { params: courseParams } },
    async (request): Promise<CourseSettingsResponse> => {
      const userId = requireUserId(request);
      const { courseId } = request.params;
      await requireCourse(courseId);
      return { course_id: courseId, settings: await settings.courseSettingsOf(userId, courseId) };
    },
  );
};
