import { money } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/database.js';
import { createCatalogService } from '../modules/catalog/catalog.service.js';
import { createCouponsService } from '../modules/coupons/coupons.service.js';
import { createCreditService } from '../modules/credit/credit.service.js';
import { createOrdersService } from '../modules/orders/orders.service.js';
import { createOrganizationsService } from '../modules/organizations/organizations.service.js';
import { createTableTaxProvider } from '../modules/tax/table-tax-provider.js';
import { DEMO_SHOPPERS, seedDemoSales } from './demo-sales.js';
import { seedDemoPlans, seedDemoSubscriptions } from './demo-subscriptions.js';
import { seedDemoLearning } from './demo-learning.js';
import { seedDemoLearningCatalog } from './demo-learning-catalog.js';
import { seedDemoExperiments } from './demo-experiments.js';
import { createUsersService } from '../modules/users/users.service.js';
import { createStaffRepository } from '../modules/staff/staff.repository.js';
import { DEMO_CATEGORIES, DEMO_INSTRUCTORS, DEMO_PRICE_TIERS_USD } from './demo-catalog.js';
import { demoCourseFacts } from './demo-course-details.js';
import { demoTierAmounts } from './demo-prices.js';

export const DEMO_PASSWORD = 'lectern-demo';

export const DEMO_ACCOUNTS = {
  learner: { email: 'learner@example.com', name: 'Lena Learner' },
  owner: { email: 'owner@example.com', name: 'Omar Owner' },
  admin: { email: 'admin@example.com', name: 'Ada Admin' },
  globex: { email: 'globex@example.com', name: 'Gina Globex' },
  initech: { email: 'initech@example.com', name: 'Ivy Initech' },
  operator: { email: 'operator@example.com', name: 'Otto Operator' },
  finance: { email: 'finance@example.com', name: 'Fiona Finance' },
} as const;

/** Acme's learners: each holds one of its Team Plan licenses. */
const ACME_LEARNERS = [
  { email: 'sam@acme.example', name: 'Sam Student' },
  { email: 'kim@acme.example', name: 'Kim Student' },
  { email: 'lee@acme.example', name: 'Lee Student' },
] as const;

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    // Accents off ("negociación" → "negociacion"), not a dash in the middle of the word.
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Fills an empty database with the demo catalog and accounts, in one transaction: a seed
 * that fails half-way leaves nothing behind, and a database with any user is left alone.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  return db.transaction(async (tx) => {
    const users = createUsersService(tx);
    if (await users.hasAnyUser()) return false;
    const catalog = createCatalogService(tx);
    const { seedWriter } = catalog;

    const tierIds: number[] = [];
    for (const tier of DEMO_PRICE_TIERS_USD) {
      tierIds.push(await seedWriter.insertPriceTier(tier.name, demoTierAmounts(tier.usdCents)));
    }
    const instructorIds = (
      await seedWriter.insertInstructors(
        DEMO_INSTRUCTORS.map(([displayName, jobTitle]) => ({ displayName, jobTitle })),
      )
    ).map((row) => row.id);

    let position = 0;
    const courseRows: { title: string; categoryId: number; subcategoryId: number; index: number }[] = [];
    for (const category of DEMO_CATEGORIES) {
      const categoryId = await seedWriter.insertCategory({ slug: category.slug, title: category.title });
      const subcategoryIds: number[] = [];
      for (const title of category.subcategories) {
        subcategoryIds.push(
          await seedWriter.insertCategory({
            slug: `${category.slug}-${slugify(title)}`,
            title,
            parentId: categoryId,
          }),
        );
      }
      category.courses.forEach((title, i) => {
        courseRows.push({
          title,
          categoryId,
          subcategoryId: subcategoryIds[i % subcategoryIds.length]!,
          index: position++,
        });
      });
    }

    const inserted = await seedWriter.insertCourses(
      courseRows.map(({ title, categoryId, subcategoryId, index }) => ({
        slug: slugify(title),
        title,
        // Description, headline (real copy), level and publication date; the courses in other
        // languages' locale and (for a title without Latin letters) slug.
        ...demoCourseFacts(title, index),
        primaryCategoryId: categoryId,
        primarySubcategoryId: subcategoryId,
        // Every ninth course is free; the rest spread over the paid tiers.
        priceTierId: index % 9 === 4 ? tierIds[0]! : tierIds[1 + (index % (tierIds.length - 1))]!,
        avgRatingRecent: 3.6 + ((index * 37) % 14) / 10,
        numReviews: 40 + ((index * 7919) % 9000),
        numSubscribers: 500 + ((index * 104_729) % 250_000),
        estimatedContentLength: 90 + ((index * 53) % 1500),
      })),
    );
    await seedWriter.insertCourseInstructors(
      inserted.flatMap((course, index) => {
        const first = instructorIds[index % instructorIds.length]!;
        const second = instructorIds[(index * 5 + 3) % instructorIds.length]!;
        return index % 4 === 0 && second !== first
          ? [
              { courseId: course.id, instructorId: first, position: 0 },
              { courseId: course.id, instructorId: second, position: 1 },
            ]
          : [{ courseId: course.id, instructorId: first, position: 0 }];
      }),
    );

    const register = (account: { email: string; name: string }) =>
      users.register({ ...account, password: DEMO_PASSWORD }, { country: 'US' });
    const learner = await register(DEMO_ACCOUNTS.learner);
    const owner = await register(DEMO_ACCOUNTS.owner);
    const admin = await register(DEMO_ACCOUNTS.admin);

    await createCreditService(tx).grant(learner.id, money(2500, 'USD'), 'Welcome credit');
    const pastCourse = inserted[0]!;
    const pastPrice = await catalog.priceOf(pastCourse.id, 'USD');
    await createOrdersService(tx).recordCompletedPurchase(
      learner.id,
      [{ courseId: pastCourse.id, listPrice: pastPrice!, purchasePrice: pastPrice! }],
      // Past the 30-day refund window: the purchase history shows it as no longer refundable.
      new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
    );

    const organizations = createOrganizationsService(tx);
    const acme = await organizations.createOrganization({ name: 'Acme Learning', type: 'Team' });
    await organizations.addMember(acme.id, owner.id, 'owner');
    await organizations.addMember(acme.id, admin.id, 'admin');
    for (const account of ACME_LEARNERS)
      await organizations.addMember(acme.id, (await register(account)).id, 'student');
    const globexOwner = await register(DEMO_ACCOUNTS.globex);
    const globex = await organizations.createOrganization({ name: 'Globex Training', type: 'Team' });
    await organizations.addMember(globex.id, globexOwner.id, 'owner');
    const initechOwner = await register(DEMO_ACCOUNTS.initech);
    const initech = await organizations.createOrganization({ name: 'Initech', type: 'Team' });
    await organizations.addMember(initech.id, initechOwner.id, 'owner');
    // The marketplace's own staff (issue 32): the demo's back office owner, who also runs the
    // experiments at /admin/experiments/.
    const operator = await register(DEMO_ACCOUNTS.operator);
    const staff = createStaffRepository(tx);
    await staff.upsert({ userId: operator.id, role: 'owner', invitedBy: null, at: new Date() }, tx);
    // Finance staff (issue 33): the revenue dashboard, plan billing, tax returns and exports.
    const finance = await register(DEMO_ACCOUNTS.finance);
    await staff.upsert({ userId: finance.id, role: 'finance', invitedBy: operator.id, at: new Date() }, tx);
    await seedDemoExperiments(tx, operator.id);

    // Shoppers and two months of course sales, for the back office's figures and reports.
    const shoppers = [];
    for (const shopper of DEMO_SHOPPERS) {
      const account = await users.register(
        { email: shopper.email, name: shopper.name, password: DEMO_PASSWORD },
        { country: shopper.country },
      );
      shoppers.push({ id: account.id, country: shopper.country, location: shopper.location });
    }
    await seedDemoSales(tx, {
      shoppers,
      // Paid courses only (every ninth course is free), not the learner's past purchase.
      courseIds: inserted
        .filter((_, index) => index % 9 !== 4)
        .slice(1, 31)
        .map((course) => course.id),
      catalog,
    });

    await seedDemoPlans(tx);
    const seattle = await createTableTaxProvider().determine(
      { country: 'US', secondaryLocation: '98101' },
      new Date(),
    );
    await seedDemoSubscriptions(
      tx,
      {
        acme: acme.id,
        acmeOwner: owner.id,
        globex: globex.id,
        globexOwner: globexOwner.id,
        initech: initech.id,
        initechOwner: initechOwner.id,
        learner: learner.id,
      },
      {
        rate: seattle.ok ? seattle.ratePercent : 0,
        rates: seattle.ok ? seattle.components.map((component) => component.ratePercent) : [],
        components: seattle.ok ? seattle.components : [],
        country: 'US',
        zip: '98101',
      },
    );

    // Discount codes (issue 3): one for everything, one expired, one used up, one for a single
    // course, and a target price.
    const coupons = createCouponsService(tx);
    await coupons.create({
      code: 'LECTERN10',
      description: '10% off everything',
      isPublic: true,
      discount: { kind: 'percentage', percent: 10 },
    });
    await coupons.create({
      code: 'EXPIRED2020',
      description: '20% off everything in 2020',
      discount: { kind: 'percentage', percent: 20 },
      startsAt: new Date('2020-01-01T00:00:00Z'),
      endsAt: new Date('2021-01-01T00:00:00Z'),
    });
    const soldOut = await coupons.create({
      code: 'SOLDOUT',
      description: '90% off, one use only',
      discount: { kind: 'percentage', percent: 90 },
      usageLimit: 1,
    });
    await coupons.recordPastUse(soldOut.id, admin.id, 'demo-seed-soldout', new Date(Date.now() - 86_400_000));
    // One use left: whoever pays first gets it; a checkout open elsewhere then sees its total change.
    await coupons.create({
      code: 'FIRSTBUYER',
      description: '50% off for the first buyer only',
      discount: { kind: 'percentage', percent: 50 },
      usageLimit: 1,
    });
    const typescript = inserted.find((course) => course.slug === 'typescript-from-first-principles')!;
    await coupons.create({
      code: 'TYPESCRIPT50',
      description: '50% off TypeScript from First Principles',
      courseIds: [typescript.id],
      discount: { kind: 'percentage', percent: 50 },
    });
    await coupons.create({
      code: 'SPRING1299',
      description: 'Any course at the Tier 1 price',
      discount: { kind: 'target_price', tierId: tierIds[1]! },
    });

    // The learning data graph: topics, communities, the learner's reminders and weekly streak.
    await seedDemoLearning(tx, { learner: learner.id, acme: acme.id, courses: inserted });
    await seedDemoLearningCatalog(tx, {
      learner: learner.id,
      others: [owner.id, admin.id],
      instructors: instructorIds,
      courses: inserted,
    });

    log.info(
      `seeded demo data: ${inserted.length} courses; log in as ${Object.values(DEMO_ACCOUNTS)
        .map((account) => account.email)
        .join(', ')} with password "${DEMO_PASSWORD}"`,
    );
    return true;
  });
}
