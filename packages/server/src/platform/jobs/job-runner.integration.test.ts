import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import { createJobRunner } from './job-runner.js';
import { scheduledJobs } from './jobs.tables.js';

describe('job runner', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  const rowOf = async (name: string) =>
    (await server.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];

  it('runs a due job once however many instances race for it', async () => {
    const runs: string[] = [];
    const instances = [1, 2, 3].map((index) => {
      const runner = createJobRunner({ db: server.db, log: server.app.log, pollMs: 60_000 });
      runner.register({
        name: 'test.race',
        everyMs: 60_000,
        run: async () => {
          runs.push(`instance ${index}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      return runner;
    });
    // Each instance polls once; the job is due (new), so exactly one claims it.
    instances.forEach((runner) => runner.start());
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(instances.map((runner) => runner.stop()));
    expect(runs).toHaveLength(1);
    const row = await rowOf('test.race');
    expect(row?.lockedBy).toBeNull();
    expect(row?.lastFinishedAt).toBeInstanceOf(Date);
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('runNow runs a job that is not due, records a failure and frees the job again', async () => {
    const runner = createJobRunner({ db: server.db, log: server.app.log, pollMs: 60_000 });
    let calls = 0;
    runner.register({
      name: 'test.failing',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('first run breaks');
      },
    });
    expect(await runner.runNow('test.failing')).toBe(true);
    const failed = await rowOf('test.failing');
    expect(failed?.lastError).toBe('first run breaks');
    expect(failed?.lockedUntil).toBeNull();
    expect(await runner.runNow('test.failing')).toBe(true);
    expect(calls).toBe(2);
    expect((await rowOf('test.failing'))?.lastError).toBeNull();
    await runner.stop();
  });

  it('does not take over a run leased by a live instance', async () => {
    const first = createJobRunner({ db: server.db, log: server.app.log, pollMs: 60_000 });
    const second = createJobRunner({ db: server.db, log: server.app.log, pollMs: 60_000 });
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    first.register({ name: 'test.lease', everyMs: 1000, run: () => blocked });
    second.register({ name: 'test.lease', everyMs: 1000, run: async () => {} });
    const running = first.runNow('test.lease');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await second.runNow('test.lease')).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(await second.runNow('test.lease')).toBe(true);
    await Promise.all([first.stop(), second.stop()]);
  });
});
