import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';
import { seedDemoData } from './demo-seed.js';

// Both drivers answer `execute` with an object holding `rows`.
type QueryRows = { rows: unknown[] };

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const countOf = async (table: string) => {
  const result = (await server.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as QueryRows;
  return (result.rows[0] as { n: number }).n;
};

describe('the demo seed', () => {
  it('fills an empty database with at least 60 courses in several categories', async () => {
    expect(await countOf('courses')).toBeGreaterThanOrEqual(60);
    expect(await countOf('categories where parent_id is null')).toBeGreaterThanOrEqual(5);
    expect(await countOf('instructors')).toBeGreaterThan(5);
  });

  it('prices every tier in all 30 currencies', async () => {
    const result = (await server.db.execute(
      sql`select tier_id, count(*)::int as currencies from price_tier_amounts group by tier_id`,
    )) as QueryRows;
    expect(result.rows.length).toBeGreaterThan(3);
    for (const row of result.rows as { currencies: number }[]) expect(row.currencies).toBe(30);
  });

  it('puts Acme on an active annual Team Plan with past charges, Globex on an expired one, the learner on a trial and Initech past due', async () => {
    const result = (await server.db.execute(
      sql`select e.subscriber_type, e.status, e.license_count, e.price_option_id,
            (select count(*)::int from subscription_charges c where c.enrollment_id = e.id) as charges
          from subscription_enrollments e order by e.id`,
    )) as QueryRows;
    expect(result.rows).toEqual([
      {
        subscriber_type: 'organization',
        status: 'ACTIVE',
        license_count: 10,
        price_option_id: 'team-annual',
        charges: 2,
      },
      {
        subscriber_type: 'organization',
        status: 'EXPIRED',
        license_count: 5,
        price_option_id: 'team-monthly',
        charges: 0,
      },
      {
        subscriber_type: 'user',
        status: 'TRIAL',
        license_count: 1,
        price_option_id: 'personal-annual',
        charges: 0,
      },
      {
        subscriber_type: 'organization',
        status: 'PAST_DUE',
        license_count: 5,
        price_option_id: 'team-monthly',
        charges: 2,
      },
    ]);
  });

  it('gives every course a curriculum and fills the learning catalog', async () => {
    expect(
      await countOf(`courses c where not exists (select 1 from curriculum_items i
      where i.course_id = c.id and i.type = 'LECTURE')`),
    ).toBe(0);
    expect(await countOf(`curriculum_items where type = 'QUIZ'`)).toBeGreaterThanOrEqual(64);
    expect(await countOf('topic_groups')).toBeGreaterThanOrEqual(10);
    expect(await countOf('occupations')).toBeGreaterThanOrEqual(30);
    expect(await countOf('badge_classes')).toBeGreaterThanOrEqual(10);
    expect(await countOf('learning_paths where is_pro')).toBeGreaterThanOrEqual(10);
    expect(await countOf('labs')).toBeGreaterThanOrEqual(10);
    expect(await countOf('learning_objectives')).toBeGreaterThanOrEqual(10);
    expect(await countOf('supply_gap_opportunities')).toBeGreaterThanOrEqual(10);
    const learner = `(select id from users where email = 'learner@example.com')`;
    expect(await countOf(`topic_interests where user_id = ${learner}`)).toBe(5);
    expect(await countOf(`badge_assertions where user_id = ${learner}`)).toBe(3);
    expect(await countOf(`assessment_answers where user_id = ${learner}`)).toBeGreaterThan(0);
  });

  it('does nothing on a database that already has users', async () => {
    const before = await countOf('courses');
    const seeded = await seedDemoData(server.db, server.app.log);
    expect(seeded).toBe(false);
    expect(await countOf('courses')).toBe(before);
    expect(await countOf('users')).toBe(20);
    // Two months of shoppers' sales, each stamped with its rate to the base currency.
    expect(await countOf(`orders where created_at > now() - interval '61 days'`)).toBeGreaterThanOrEqual(35);
    expect(await countOf('orders where exchange_rate is null')).toBe(0);
  });
});
