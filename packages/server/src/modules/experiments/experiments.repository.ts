import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { experiments } from './experiments.tables.js';

export type ExperimentRow = typeof experiments.$inferSelect;
export type ExperimentValues = Pick<
  typeof experiments.$inferInsert,
  | 'featureCode'
  | 'name'
  | 'description'
  | 'trafficBasisPoints'
  | 'targeting'
  | 'defaultConfiguration'
  | 'variants'
>;

/** Every server instance drops its running experiments when this channel speaks (migration 0014's trigger). */
export const EXPERIMENTS_CHANGED_CHANNEL = 'lectern_experiments_changed';

export function createExperimentsRepository(db: Database) {
  const runningQuery = db
    .select()
    .from(experiments)
    .where(eq(experiments.status, 'running'))
    .prepare('experiments_running');

  return {
    running: (): Promise<ExperimentRow[]> => runningQuery.execute(),

    list: (): Promise<ExperimentRow[]> => db.select().from(experiments).orderBy(desc(experiments.id)),

    async byId(id: number): Promise<ExperimentRow | null> {
      const [row] = await db.select().from(experiments).where(eq(experiments.id, id));
      return row ?? null;
    },

    async insert(values: ExperimentValues & { salt: string; createdBy: number }): Promise<ExperimentRow> {
      const [row] = await db.insert(experiments).values(values).returning();
      return row!;
    },

    /** Rewrites a definition that is not running (a running one keeps its arms while units see them). */
    async updateDefinition(id: number, values: ExperimentValues): Promise<ExperimentRow | null> {
      const [row] = await db
        .update(experiments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(sql`${experiments.id} = ${id} and ${experiments.status} <> 'running'`)
        .returning();
      return row ?? null;
    },

    /** Renames or re-describes an experiment in any state. */
    async updateText(
      id: number,
      values: { name: string; description: string },
    ): Promise<ExperimentRow | null> {
      const [row] = await db
        .update(experiments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(experiments.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Starts an experiment; null when another experiment of its feature code is running (the
     * partial unique index decides, so two operators starting two at once cannot both win).
     */
    async start(id: number, at: Date): Promise<ExperimentRow | null> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          update experiments set status = 'running', started_at = coalesce(started_at, ${at}),
                 stopped_at = null, updated_at = now()
          where id = ${id}
            and not exists (select 1 from experiments other
                            where other.feature_code = experiments.feature_code
                              and other.status = 'running' and other.id <> experiments.id)
          returning id`),
      );
      return rows.length === 1 ? this.byId(id) : null;
    },

    async stop(id: number, at: Date): Promise<ExperimentRow | null> {
      const [row] = await db
        .update(experiments)
        .set({ status: 'stopped', stoppedAt: at, updatedAt: sql`now()` })
        .where(sql`${experiments.id} = ${id} and ${experiments.status} = 'running'`)
        .returning();
      return row ?? null;
    },

    /**
     * Distinct units (user, else visitor) that reported an exposure to each variant of the
     * experiments since they started, from the events the collector stored.
     */
    async exposureCounts(rows: readonly ExperimentRow[]): Promise<Map<number, Record<string, number>>> {
      const counted = new Map<number, Record<string, number>>(rows.map((row) => [row.id, {}]));
      const started = rows.filter((row) => row.startedAt !== null);
      if (started.length === 0) return counted;
      const found = rowsOf<{ experiment_id: number; variant: string; units: number | string }>(
        await db.execute(sql`
          select started.id as experiment_id, event.payload->>'variant' as variant,
                 count(distinct coalesce(event.user_id::text, event.visitor_uuid)) as units
          from unnest(${sql.param(started.map((row) => row.id))}::int[],
                      ${sql.param(started.map((row) => row.startedAt!.toISOString()))}::timestamptz[])
               as started (id, since)
          join tracking_events event
            on event.type = 'ExperimentExposure' and event.received_at >= started.since
           and event.payload->>'experimentId' = started.id::text
          group by started.id, event.payload->>'variant'`),
      );
      for (const row of found) {
        const counts = counted.get(Number(row.experiment_id));
        if (counts) counts[row.variant] = Number(row.units);
      }
      return counted;
    },
  };
}

export type ExperimentsRepository = ReturnType<typeof createExperimentsRepository>;
