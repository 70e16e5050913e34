import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createCourseAuthoring } from '../catalog/course-authoring.js';
import { createPriceAuthoring } from '../catalog/price-authoring.js';
import { createCouponAdmin } from '../coupons/coupon-admin.js';
import { createCurriculumAuthoring } from '../course-content/curriculum-authoring.js';
import { createAdminCodesRepository } from './admin-codes.repository.js';
import { adminCodesRoutes } from './admin-codes.routes.js';
import { createAdminCodes } from './admin-codes.service.js';
import { adminCoursesRoutes } from './admin-courses.routes.js';
import { createAdminCourses } from './admin-courses.service.js';
import { adminPricesRoutes } from './admin-prices.routes.js';
import { createAdminPrices } from './admin-prices.service.js';

/** How often the job runner looks for scheduled price changes that became due. */
const PRICE_CHANGES_EVERY_MS = 60_000;

/** The module's services, made once per server (its routes, job and sweep share them). */
const made = new WeakMap<AppServices, ReturnType<typeof makeServices>>();

function makeServices(services: AppServices) {
  const { db, clock, audit, catalog, coupons, tax, queue, log } = services;
  const courses = createCourseAuthoring(db);
  const prices = createPriceAuthoring(db);
  const adminCourses = createAdminCourses({
    db,
    clock,
    audit,
    courses,
    prices,
    curriculum: createCurriculumAuthoring(),
    catalog,
  });
  const adminPrices = createAdminPrices({
    db,
    clock,
    audit,
    courses,
    prices,
    tax,
    queue,
    catalog,
    log,
    detail: (courseId) => adminCourses.detail(courseId),
  });
  const adminCodes = createAdminCodes({
    db,
    clock,
    audit,
    repository: createAdminCodesRepository(db),
    couponAdmin: createCouponAdmin(),
    courses,
    coupons,
  });
  return { adminCourses, adminPrices, adminCodes };
}

const servicesOf = (services: AppServices) => {
  let module = made.get(services);
  if (!module) made.set(services, (module = makeServices(services)));
  return module;
};

/**
 * The back office's catalog (issue 32): courses (details, status, curriculum, cover, preview),
 * prices (the tier table, a course's tier now or from a date, what a buyer pays) and discount
 * codes (one, a campaign, deactivation, uses), under `/api-2.0/admin/`. Scheduled prices are
 * applied by their keyed job when due, by a job every minute, and by the clock's catch-up.
 */
export const adminCatalogModule = defineFeatureModule<AppServices>({
  name: 'admin-catalog',
  api: async (api, { services }) => {
    const { adminCourses, adminPrices, adminCodes } = servicesOf(services);
    await api.register(adminCoursesRoutes, { courses: adminCourses });
    await api.register(adminPricesRoutes, { prices: adminPrices });
    await api.register(adminCodesRoutes, { codes: adminCodes });
  },
  jobs: (services) => [
    {
      name: 'prices.apply_scheduled',
      everyMs: PRICE_CHANGES_EVERY_MS,
      run: async () => {
        await servicesOf(services).adminPrices.applyDue();
      },
    },
  ],
  sweep: (services) => servicesOf(services).adminPrices.applyDue(),
});
