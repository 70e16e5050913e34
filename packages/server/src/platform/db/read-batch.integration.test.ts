import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../test-support/graphql-kit.js';
import { startTestServer } from '../../test-support/test-server.js';
import { createReadStatements, namedRead, type ReadStatements } from './read-batch.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let statements: ReadStatements;
beforeAll(async () => {
  server = await startTestServer({ seedDemoData: false });
  statements = createReadStatements(server.db);
});
afterAll(() => server.stop());

// Three small reads, as three features would write them over their own tables.
const number = (value: unknown) => Number(value);
const doubled = namedRead('test_batch_doubled', {
  value: { sql: sql`select ${sql.placeholder('n')}::int * 2`, parse: number },
});
const squared = namedRead('test_batch_squared', {
  value: { sql: sql`select ${sql.placeholder('n')}::int * ${sql.placeholder('n')}::int`, parse: number },
});
const sumAndLabel = namedRead('test_batch_sum_and_label', {
  sum: { sql: sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int`, parse: number },
  label: { sql: sql`select 'sum of ' || ${sql.placeholder('a')}::text`, parse: String },
});
const failing = namedRead('test_batch_failing', {
  value: { sql: sql`select 1 / ${sql.placeholder('zero')}::int`, parse: number },
});

describe('a request reader', () => {
  it('runs the reads asked for in one tick, of several parts each, as one statement', async () => {
    const reads = statements.batch();
    let answers: unknown[] = [];
    const count = await countStatements(server.db, async () => {
      answers = await Promise.all([
        reads.read(doubled, { n: 4 }),
        reads.read(squared, { n: 4 }),
        reads.read(sumAndLabel, { a: 4, b: 1 }),
      ]);
    });
    expect(answers).toEqual([{ value: 8 }, { value: 16 }, { sum: 5, label: 'sum of 4' }]);
    expect(count).toBe(1);
  });

  it('joins a read asked for after awaiting a settled value', async () => {
    const reads = statements.batch();
    const count = await countStatements(server.db, async () => {
      const later = (async () => {
        await Promise.resolve('a cached time zone');
        return reads.read(squared, { n: 3 });
      })();
      expect(await Promise.all([reads.read(doubled, { n: 3 }), later])).toEqual([{ value: 6 }, { value: 9 }]);
    });
    expect(count).toBe(1);
  });

  it('asks the same read with the same values once, and reads whose values disagree apart', async () => {
    const reads = statements.batch();
    let answers: unknown[] = [];
    const count = await countStatements(server.db, async () => {
      answers = await Promise.all([
        reads.read(doubled, { n: 2 }),
        reads.read(doubled, { n: 2 }),
        reads.read(doubled, { n: 5 }),
        reads.read(squared, { n: 5 }),
      ]);
    });
    expect(answers).toEqual([{ value: 4 }, { value: 4 }, { value: 10 }, { value: 25 }]);
    // n = 2 and n = 5 cannot share a statement: {doubled 2} and {doubled 5, squared 5}.
    expect(count).toBe(2);
  });

  it('fails every read of a statement that fails, and the next batch reads again', async () => {
    const reads = statements.batch();
    const results = await Promise.allSettled([
      reads.read(doubled, { n: 1, zero: 0 }),
      reads.read(failing, { zero: 0 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await reads.read(doubled, { n: 1 })).toEqual({ value: 2 });
  });

  it('reads alone through the direct reader', async () => {
    const count = await countStatements(server.db, async () => {
      expect(await statements.direct.read(sumAndLabel, { a: 2, b: 2 })).toEqual({
        sum: 4,
        label: 'sum of 2',
      });
    });
    expect(count).toBe(1);
  });
});
