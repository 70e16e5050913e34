// The back office's courses and prices (issue 32) against a real server: who may do what, a
// course from draft to storefront (curriculum, cover, status) with every change audited and shown
// at once, scheduled prices applied by the clock, the price a buyer in a country pays, and a
// quote taken before a price change paid at its own price.
import type { StaffRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { DEV_CLOCK_PATH } from '../../platform/clock/dev-clock.routes.js';
import {
  cardTokenSubmit,
  createCheckoutKit,
  intentOf,
  resultBody,
  rowsOf,
} from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { answerHostedPage } from '../../test-support/payments-sandbox.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';

const COURSES = '/api-2.0/admin/courses/';
const TIERS = '/api-2.0/admin/price-tiers/';
const SUBMIT = '/payment/checkout-submit/';
const DAY_MS = 86_400_000;

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));

async function staffMember(role: StaffRole): Promise<{ client: TestClient; id: number }> {
  const { client, id } = await newBuyer();
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${id}, ${role})`);
  return { client, id };
}

const auditOf = (courseId: number) =>
  rows<{ action: string; actor_id: number; before: unknown; after: unknown }>(
    sql`select action, actor_id, before, after from admin_audit_events
      where object_type = 'course' and object_id = ${String(courseId)} order by id`,
  );

let catalogStaff: Awaited<ReturnType<typeof staffMember>>;
let support: Awaited<ReturnType<typeof staffMember>>;
let category: { id: number; title: string; slug: string };
let subcategory: { id: number };
let tiers: Record<string, number>;

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_admin_courses' }));
  catalogStaff = await staffMember('catalog');
  support = await staffMember('support');
  category = (
    await rows<{ id: number; title: string; slug: string }>(
      sql`select id, title, slug from categories where parent_id is null order by id limit 1`,
    )
  )[0]!;
  subcategory = (
    await rows<{ id: number }>(
      sql`select id from categories where parent_id = ${category.id} order by id limit 1`,
    )
  )[0]!;
  tiers = Object.fromEntries(
    (await rows<{ id: number; name: string }>(sql`select id, name from price_tiers`)).map((row) => [
      row.name,
      Number(row.id),
    ]),
  );
});
afterAll(() => close());

/** An image body as the admin page sends it (the test client sends JSON and text only). */
async function putImage(client: TestClient, url: string, payload: Buffer, contentType: string) {
  if (!client.jar.has('csrftoken')) await client.get('/healthz');
  const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return server.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { 'content-type': contentType, cookie, 'x-csrftoken': client.jar.get('csrftoken')! },
  });
}

const coverPng = (width = 960, height = 540) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe('access', () => {
  it('a visitor gets 401, a learner 403, support may read but not write, prices or codes', async () => {
    const visitor = createTestClient(server.app);
    const learner = await newBuyer();
    for (const path of [
      COURSES,
      `${COURSES}1/`,
      TIERS,
      '/api-2.0/admin/codes/',
      '/api-2.0/admin/instructors/',
    ]) {
      expect((await visitor.get(path)).statusCode).toBe(401);
      expect((await learner.client.get(path)).statusCode).toBe(403);
      expect((await support.client.get(path)).statusCode).toBe(200);
    }
    expect((await support.client.post(COURSES, { title: 'Nope' })).statusCode).toBe(403);
    expect(
      (await support.client.put(`${COURSES}1/price/`, { price_tier_id: tiers['Tier 2'] })).statusCode,
    ).toBe(403);
    expect(
      (await support.client.post('/api-2.0/admin/codes/', { code: 'NOPE1', kind: 'percentage', percent: 5 }))
        .statusCode,
    ).toBe(403);
    expect((await visitor.put(`${COURSES}1/price/`, { price_tier_id: 1 })).statusCode).toBe(401);
  });
});

describe('a course from draft to storefront', () => {
  const title = `Back Office Cartography ${Date.now()}`;
  let courseId: number;
  let slug: string;

  it('starts as a draft nobody but staff sees, with an address made from its title', async () => {
    const created = await catalogStaff.client.post(COURSES, { title, subtitle: 'Maps for staff' });
    expect(created.statusCode).toBe(201);
    courseId = created.data.id;
    slug = created.data.slug;
    expect(slug).toMatch(/^back-office-cartography-\d+$/);
    expect(created.data).toMatchObject({ status: 'draft', category: null, price_tier: null });
    expect(created.data.publishing_problems).toEqual({
      category_id: ['Choose a category before publishing the course.'],
      price_tier_id: ['Choose a price tier before publishing the course.'],
    });
    const visitor = createTestClient(server.app);
    expect((await visitor.get(`/api-2.0/courses/${slug}/`)).statusCode).toBe(404);
    // A second course of the same title gets the next address.
    const twin = await catalogStaff.client.post(COURSES, { title });
    expect(twin.data.slug).toBe(`${slug}-2`);
  });

  it('refuses publishing without a category and a price tier, naming the fields', async () => {
    const refused = await catalogStaff.client.post(`${COURSES}${courseId}/status/`, { status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.field_errors).toEqual({
      category_id: ['Choose a category before publishing the course.'],
      price_tier_id: ['Choose a price tier before publishing the course.'],
    });
  });

  it('checks the form with field messages', async () => {
    const bad = await catalogStaff.client.put(`${COURSES}${courseId}/`, {
      title: '',
      level: 'GURU',
      locale: 'english',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors)).toEqual(expect.arrayContaining(['title', 'level', 'locale']));
    const wrongSub = await catalogStaff.client.put(`${COURSES}${courseId}/`, {
      title,
      category_id: subcategory.id,
      subcategory_id: category.id,
      instructor_ids: [999_999],
    });
    expect(wrongSub.statusCode).toBe(400);
    expect(Object.keys(wrongSub.data.field_errors).sort()).toEqual([
      'category_id',
      'instructor_ids',
      'subcategory_id',
    ]);
  });

  it('takes its details, a new instructor, a curriculum and a cover, each audited', async () => {
    const instructor = await catalogStaff.client.post('/api-2.0/admin/instructors/', {
      display_name: 'Ada Mapmaker',
      job_title: 'Cartographer',
    });
    expect(instructor.statusCode).toBe(201);
    const saved = await catalogStaff.client.put(`${COURSES}${courseId}/`, {
      title,
      subtitle: 'Maps for staff',
      description: 'Everything about maps in the back office.',
      what_you_learn: ['Read a map', 'Draw a map'],
      requirements: ['A pencil'],
      category_id: category.id,
      subcategory_id: subcategory.id,
      level: 'BEGINNER',
      locale: 'en_GB',
      instructor_ids: [instructor.data.id],
      price_tier_id: tiers['Tier 2'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.data).toMatchObject({
      category: { id: category.id },
      level: 'BEGINNER',
      locale: 'en_GB',
      instructors: [{ display_name: 'Ada Mapmaker' }],
      price_tier: { id: tiers['Tier 2'], usd: { amount: 2999, currency: 'USD' } },
      publishing_problems: {},
    });

    const curriculum = await catalogStaff.client.put(`${COURSES}${courseId}/curriculum/`, {
      sections: [
        {
          title: 'Getting started',
          items: [
            { title: 'Welcome', duration_minutes: 5 },
            { title: 'Tools', duration_minutes: 12 },
          ],
        },
        { title: 'Drawing', items: [{ title: 'Lines', duration_minutes: 30 }] },
      ],
    });
    expect(curriculum.statusCode).toBe(200);
    expect(curriculum.data.estimated_content_length).toBe(47);
    const [first, second] = curriculum.data.curriculum;
    // Reordered, renamed, one removed, one added: the kept ones keep their ids.
    const reordered = await catalogStaff.client.put(`${COURSES}${courseId}/curriculum/`, {
      sections: [
        {
          id: second.id,
          title: 'Drawing well',
          items: [{ id: second.items[0].id, title: 'Lines', duration_minutes: 30 }],
        },
        {
          id: first.id,
          title: 'Getting started',
          items: [
            { id: first.items[1].id, title: 'Tools' },
            { title: 'Paper', duration_minutes: 8 },
          ],
        },
      ],
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.data.curriculum.map((section: { title: string }) => section.title)).toEqual([
      'Drawing well',
      'Getting started',
    ]);
    expect(reordered.data.curriculum[1].items[0]).toMatchObject({
      id: first.items[1].id,
      duration_minutes: 12,
    });
    expect(reordered.data.estimated_content_length).toBe(50);
    const foreign = await catalogStaff.client.put(`${COURSES}${courseId}/curriculum/`, {
      sections: [{ id: 1, title: 'Not mine', items: [] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.data.field_errors).toHaveProperty(['sections.0.id']);

    const png = await coverPng();
    const upload = await putImage(catalogStaff.client, `${COURSES}${courseId}/cover/`, png, 'image/png');
    expect(upload.statusCode).toBe(200);
    const withCover = upload.json();
    expect(withCover.cover).toMatchObject({ uploaded: true, width: 960, height: 540 });
    const preview = await catalogStaff.client.get(`${COURSES}${courseId}/cover/?width=480`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(480);

    // Not an image, or too small: a 400 on the image field.
    for (const payload of [Buffer.from('not a picture'), await coverPng(200, 100)]) {
      const refused = await putImage(
        catalogStaff.client,
        `${COURSES}${courseId}/cover/`,
        payload,
        'image/png',
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().field_errors).toHaveProperty('image');
    }
    // Past the route's 5 MB: refused before it is read.
    const huge = await putImage(
      catalogStaff.client,
      `${COURSES}${courseId}/cover/`,
      Buffer.alloc(6 * 1024 * 1024),
      'image/png',
    );
    expect(huge.statusCode).toBe(413);
    const json = await catalogStaff.client.put(`${COURSES}${courseId}/cover/`, { image: 'x' });
    expect(json.statusCode).toBe(415);

    const actions = (await auditOf(courseId)).map((entry) => entry.action);
    expect(actions).toEqual([
      'course.created',
      'course.updated',
      'course.curriculum_changed',
      'course.curriculum_changed',
      'course.cover_uploaded',
    ]);
    const [, updated] = await auditOf(courseId);
    expect(updated!.actor_id).toBe(catalogStaff.id);
    expect(updated!.before).toMatchObject({ category_id: null, price_tier_id: null });
    expect(updated!.after).toMatchObject({ category_id: category.id, price_tier_id: tiers['Tier 2'] });
  });

  it('is previewed by staff before it is published, and shows everywhere at once when published', async () => {
    const preview = await support.client.get(`${COURSES}${courseId}/preview/`);
    expect(preview.statusCode).toBe(200);
    expect(preview.data).toMatchObject({
      status: 'draft',
      title,
      what_you_learn: ['Read a map', 'Draw a map'],
      instructors: ['Ada Mapmaker'],
      price: { amount: 2999, currency: 'USD' },
    });
    const visitor = createTestClient(server.app);
    // Read (and kept) before publishing: the list and the search must not keep the draft's absence.
    const listBefore = await visitor.get(`/api-2.0/courses/?category=${category.slug}&page_size=100`);
    expect(listBefore.statusCode).toBe(200);
    await visitor.get(`/api-2.0/search-courses/?q=${encodeURIComponent('Cartography')}`);

    const published = await catalogStaff.client.post(`${COURSES}${courseId}/status/`, {
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    expect(published.data.status).toBe('published');
    expect(published.data.published_at).not.toBeNull();

    const landing = await visitor.get(`/api-2.0/courses/${slug}/`);
    expect(landing.statusCode).toBe(200);
    expect(landing.data.title).toBe(title);
    expect(landing.data.image_url).toMatch(new RegExp(`^/course-images/${courseId}/u[0-9a-f]+/750\\.jpg$`));
    const image = await visitor.get(landing.data.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const search = await visitor.get(`/api-2.0/search-courses/?q=${encodeURIComponent('Cartography')}`);
    expect(search.data.results.map((course: { id: number }) => course.id)).toContain(courseId);
    const count = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from course_search_documents where course_id = ${courseId}`,
        )
      )[0]!.n;
    expect(await count()).toBe(1);

    // An edit shows at once: the landing page, the cards, the search.
    const renamed = `${title} Revised`;
    const current = (await catalogStaff.client.get(`${COURSES}${courseId}/`)).data;
    const edited = await catalogStaff.client.put(`${COURSES}${courseId}/`, {
      title: renamed,
      subtitle: current.subtitle,
      description: current.description,
      what_you_learn: current.what_you_learn,
      requirements: current.requirements,
      category_id: category.id,
      subcategory_id: subcategory.id,
      level: current.level,
      locale: current.locale,
      instructor_ids: current.instructors.map((instructor: { id: number }) => instructor.id),
      price_tier_id: tiers['Tier 2'],
    });
    expect(edited.statusCode).toBe(200);
    // Once published, the address stays.
    expect(edited.data.slug).toBe(slug);
    expect((await visitor.get(`/api-2.0/courses/${slug}/`)).data.title).toBe(renamed);
    const searched = await visitor.get(
      `/api-2.0/search-courses/?q=${encodeURIComponent('Revised Cartography')}`,
    );
    expect(searched.data.results.map((course: { title: string }) => course.title)).toContain(renamed);
    // A live course keeps what publishing asked of it.
    const stripped = await catalogStaff.client.put(`${COURSES}${courseId}/`, { title: renamed });
    expect(stripped.statusCode).toBe(400);
    expect(Object.keys(stripped.data.field_errors).sort()).toEqual(['category_id', 'price_tier_id']);
  });

  it('unlisted: reachable by its address, kept out of lists and search', async () => {
    const unlisted = await catalogStaff.client.post(`${COURSES}${courseId}/status/`, { status: 'unlisted' });
    expect(unlisted.data.status).toBe('unlisted');
    const visitor = createTestClient(server.app);
    expect((await visitor.get(`/api-2.0/courses/${slug}/`)).statusCode).toBe(200);
    const list = await visitor.get(`/api-2.0/courses/?category=${category.slug}&page_size=100`);
    expect(list.data.results.map((course: { id: number }) => course.id)).not.toContain(courseId);
    const search = await visitor.get(`/api-2.0/search-courses/?q=${encodeURIComponent('Cartography')}`);
    expect(search.data.results.map((course: { id: number }) => course.id)).not.toContain(courseId);
    const sitemap = await visitor.get('/sitemaps/1.xml');
    expect(sitemap.body).not.toContain(`/course/${slug}/`);

    const listed = await catalogStaff.client.get(
      `${COURSES}?status=unlisted&q=${encodeURIComponent('cartography')}`,
    );
    expect(listed.data.results.map((course: { id: number }) => course.id)).toEqual([courseId]);
    const drafts = await catalogStaff.client.get(
      `${COURSES}?status=draft&sort=title&language=en_US&page_size=100`,
    );
    expect(drafts.statusCode).toBe(200);
    expect(drafts.data).toMatchObject({ page: 1, page_size: 100 });
    const badSort = await catalogStaff.client.get(`${COURSES}?sort=rating`);
    expect(badSort.statusCode).toBe(400);
    await catalogStaff.client.post(`${COURSES}${courseId}/status/`, { status: 'published' });
  });

  it('returns to the drawn cover when the upload is removed', async () => {
    const removed = await catalogStaff.client.delete(`${COURSES}${courseId}/cover/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.data.cover.uploaded).toBe(false);
    const landing = await createTestClient(server.app).get(`/api-2.0/courses/${slug}/`);
    expect(landing.data.image_url).not.toMatch(/\/u[0-9a-f]+\//);
  });
});

describe('prices', () => {
  let courseId: number;
  let slug: string;

  beforeAll(async () => {
    const created = await catalogStaff.client.post(COURSES, {
      title: `Priced Course ${Date.now()}`,
      category_id: category.id,
      price_tier_id: tiers['Tier 1'],
    });
    courseId = created.data.id;
    slug = created.data.slug;
    await catalogStaff.client.post(`${COURSES}${courseId}/status/`, { status: 'published' });
  });

  const publicPrice = async () =>
    (await createTestClient(server.app).get(`/api-2.0/courses/${slug}/`)).data.price;

  it('shows the tier table per currency and the countries paying in each', async () => {
    const table = await support.client.get(TIERS);
    expect(table.statusCode).toBe(200);
    const tier1 = table.data.results.find((tier: { name: string }) => tier.name === 'Tier 1');
    expect(tier1.amounts.USD).toBe(1999);
    expect(Object.keys(tier1.amounts)).toHaveLength(30);
    const jpy = table.data.currencies.find((entry: { currency: string }) => entry.currency === 'JPY');
    expect(jpy).toEqual({ currency: 'JPY', decimals: 0, countries: ['JP'] });
    expect(
      table.data.currencies.find((entry: { currency: string }) => entry.currency === 'EUR').countries,
    ).toContain('DE');
  });

  it('refuses negative amounts and decimals a currency does not have', async () => {
    const refused = await catalogStaff.client.put(`${TIERS}${tiers['Tier 7']}/`, {
      amounts: { USD: '-1', JPY: '3000.5' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.field_errors).toEqual({
      'amounts.USD': ['A price cannot be negative.'],
      'amounts.JPY': ['JPY has no decimals: give a whole amount.'],
    });
    expect(
      (await support.client.put(`${TIERS}${tiers['Tier 7']}/`, { amounts: { USD: '1' } })).statusCode,
    ).toBe(403);
  });

  it('previews what a buyer in a country pays, with the checkout’s tax', async () => {
    const de = await support.client.get(`${COURSES}${courseId}/price-preview/?country=de`);
    expect(de.statusCode).toBe(200);
    expect(de.data).toMatchObject({
      country: 'DE',
      currency: 'EUR',
      tax: { mode: 'tax_inclusive', rate_percent: 19 },
      tax_problem: null,
    });
    expect(de.data.total).toEqual(de.data.list_price);
    const usNoZip = await support.client.get(`${COURSES}${courseId}/price-preview/?country=US`);
    expect(usNoZip.data.tax).toBeNull();
    expect(usNoZip.data.tax_problem).toEqual(expect.any(String));
    const seattle = await support.client.get(
      `${COURSES}${courseId}/price-preview/?country=US&secondary_location=98101`,
    );
    expect(seattle.data.tax.mode).toBe('tax_exclusive');
    expect(seattle.data.total.amount).toBe(1999 + seattle.data.tax.amount.amount);
    const japan = await support.client.get(
      `${COURSES}${courseId}/price-preview/?country=JP&price_tier_id=${tiers['Tier 3']}`,
    );
    expect(japan.data).toMatchObject({ currency: 'JPY', price_tier: { id: tiers['Tier 3'] } });
    const bad = await support.client.get(`${COURSES}${courseId}/price-preview/?country=Germany`);
    expect(bad.statusCode).toBe(400);
    expect(bad.data.field_errors).toHaveProperty('country');
  });

  it('schedules a change that the clock applies, and cancels one still pending', async () => {
    expect((await publicPrice()).amount).toBe(1999);
    const past = await catalogStaff.client.put(`${COURSES}${courseId}/price/`, {
      price_tier_id: tiers['Tier 3'],
      effective_at: new Date(server.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.data.field_errors.effective_at[0]).toMatch(/in the future/);

    const effectiveAt = new Date(server.clock.now().getTime() + 2 * DAY_MS).toISOString();
    const scheduled = await catalogStaff.client.put(`${COURSES}${courseId}/price/`, {
      price_tier_id: tiers['Tier 3'],
      effective_at: effectiveAt,
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.data.price_tier.id).toBe(tiers['Tier 1']);
    expect(scheduled.data.scheduled_prices[0]).toMatchObject({
      state: 'pending',
      price_tier: { id: tiers['Tier 3'] },
    });
    const later = await catalogStaff.client.put(`${COURSES}${courseId}/price/`, {
      price_tier_id: tiers['Tier 7'],
      effective_at: new Date(server.clock.now().getTime() + 5 * DAY_MS).toISOString(),
    });
    const laterId = later.data.scheduled_prices.find(
      (change: { price_tier: { id: number } }) => change.price_tier.id === tiers['Tier 7'],
    ).id;
    const cancelled = await catalogStaff.client.post(
      `${COURSES}${courseId}/price-changes/${laterId}/cancel/`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(
      cancelled.data.scheduled_prices.find((change: { id: number }) => change.id === laterId).state,
    ).toBe('cancelled');
    expect(
      (await catalogStaff.client.post(`${COURSES}${courseId}/price-changes/${laterId}/cancel/`)).statusCode,
    ).toBe(409);

    // Not yet due: a day later nothing changed.
    await server.clock.advance(DAY_MS);
    await server.catchUp();
    expect((await publicPrice()).amount).toBe(1999);
    // The developer clock moves past the date and runs what became due.
    const owner = await staffMember('owner');
    const moved = await owner.client.post(DEV_CLOCK_PATH, { advance_days: 2 });
    expect(moved.statusCode).toBe(200);
    expect((await publicPrice()).amount).toBe(4999);
    const detail = await catalogStaff.client.get(`${COURSES}${courseId}/`);
    expect(detail.data.price_tier.id).toBe(tiers['Tier 3']);
    expect(
      detail.data.scheduled_prices.find((change: { state: string }) => change.state === 'applied'),
    ).toBeDefined();
    // Four days on, the cancelled one never applies.
    await server.clock.advance(4 * DAY_MS);
    await server.catchUp();
    expect((await publicPrice()).amount).toBe(4999);
    const actions = (await auditOf(courseId)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['course.price_scheduled', 'course.price_schedule_cancelled']),
    );
  });

  it('never changes a quote being paid: a checkout priced before the change pays the old price', async () => {
    const buyer = await newBuyer('US');
    const before = (await publicPrice()).amount;
    const started = await buyer.client.post(
      SUBMIT,
      cardTokenSubmit([courseId], 'pm_card_threeDSecure2Required'),
    );
    expect(started.data.status).toBe('action_required');
    const attemptId = started.data.data.payment_attempt_id as string;

    const changed = await catalogStaff.client.put(`${COURSES}${courseId}/price/`, {
      price_tier_id: tiers['Tier 7'],
    });
    expect(changed.statusCode).toBe(200);
    expect((await publicPrice()).amount).toBe(19999);

    await answerHostedPage(started.data.data.action_data.url, 'complete');
    const result = await buyer.client.patch(
      `${SUBMIT}${attemptId}/`,
      resultBody(intentOf(started.data.data.client_secret)),
    );
    expect(result.data.status).toBe('succeeded');
    const [line] = await rows<{ list_price_amount: number; purchase_price_amount: number }>(
      sql`select l.list_price_amount, l.purchase_price_amount from order_lines l
        join orders o on o.id = l.order_id where o.user_id = ${buyer.id}`,
    );
    expect(Number(line!.list_price_amount)).toBe(before);
    expect(Number(line!.purchase_price_amount)).toBe(before);
    // A new checkout is priced at the new price.
    const next = await newBuyer('US');
    const paid = await next.client.post(SUBMIT, cardTokenSubmit([courseId]));
    expect(paid.data.status).toBe('succeeded');
    const [newLine] = await rows<{ list_price_amount: number }>(
      sql`select l.list_price_amount from order_lines l join orders o on o.id = l.order_id where o.user_id = ${next.id}`,
    );
    expect(Number(newLine!.list_price_amount)).toBe(19999);
  });
});
