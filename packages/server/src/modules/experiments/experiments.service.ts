import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  assignFeatureVariant,
  trafficBasisPointsOf,
  type AssignmentUnit,
  type ExperimentInput,
  type ExperimentStatus,
  type ExperimentSummary,
  type ExperimentTargeting,
  type ExperimentVariant,
  type FeatureVariantAssignment,
  type RunningExperiment,
} from '@lectern/domain';
import { createAnnouncedCache } from '../../platform/db/announced-cache.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock/clock.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import {
  createExperimentsRepository,
  EXPERIMENTS_CHANGED_CHANNEL,
  type ExperimentRow,
} from './experiments.repository.js';

/** A bound on how long a start or stop could go unseen if an announcement were ever lost. */
const RUNNING_CACHE = { ttlMs: 60_000, maxEntries: 1 } as const;

/** What `filters` of `featureVariantAssignmentsByFeatureCodes` may narrow the answer to. */
export interface AssignmentFilters {
  isInExperiment?: boolean | null;
}

function runningOf(row: ExperimentRow): RunningExperiment {
  return {
    id: row.id,
    featureCode: row.featureCode,
    salt: row.salt,
    trafficBasisPoints: row.trafficBasisPoints,
    targeting: row.targeting as ExperimentTargeting,
    defaultConfiguration: row.defaultConfiguration as Record<string, unknown>,
    variants: row.variants as ExperimentVariant[],
  };
}

function summaryOf(row: ExperimentRow, exposures: Record<string, number>): ExperimentSummary {
  return {
    id: row.id,
    featureCode: row.featureCode,
    name: row.name,
    description: row.description,
    status: row.status as ExperimentStatus,
    trafficPercent: row.trafficBasisPoints / 100,
    targeting: row.targeting as ExperimentTargeting,
    defaultConfiguration: row.defaultConfiguration as Record<string, unknown>,
    variants: row.variants as ExperimentVariant[],
    startedAt: row.startedAt?.toISOString() ?? null,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    exposures,
  };
}

const definitionOf = (input: ExperimentInput) => ({
  featureCode: input.featureCode,
  name: input.name,
  description: input.description,
  trafficBasisPoints: trafficBasisPointsOf(input.trafficPercent),
  targeting: input.targeting,
  defaultConfiguration: input.defaultConfiguration,
  variants: input.variants,
});

const conflict = (detail: string) => new HttpError(409, 'conflict', detail);

/**
 * Feature experiments (platform §3/§7): deterministic assignment of units to variants, and
 * the operator's definitions with start and stop. The running experiments are read once and
 * kept until a change is announced, so assigning costs no database round trip.
 */
export function createExperimentsService(deps: { db: Database; clock: Clock }) {
  const repository = createExperimentsRepository(deps.db);
  const running = createAnnouncedCache<Map<string, RunningExperiment>>({
    channel: EXPERIMENTS_CHANGED_CHANNEL,
    ...RUNNING_CACHE,
  });
  const runningByFeature = () =>
    running.read(0, 'running', async () => {
      const rows = await repository.running();
      return new Map(rows.map((row) => [row.featureCode, runningOf(row)]));
    });

  const withExposures = async (rows: ExperimentRow[]): Promise<ExperimentSummary[]> => {
    const counts = await repository.exposureCounts(rows);
    return rows.map((row) => summaryOf(row, counts.get(row.id) ?? {}));
  };
  const requireRow = async (id: number): Promise<ExperimentRow> => {
    const row = await repository.byId(id);
    if (!row) throw notFound('No experiment has this id.');
    return row;
  };

  return {
    watchChanges: (listen: DatabaseHandle['listen']) => running.watch(listen),

    /** The unit's assignment for each feature code, in the order asked (repeats answered once). */
    async assign(
      featureCodes: readonly string[],
      unit: AssignmentUnit,
      filters: AssignmentFilters = {},
    ): Promise<FeatureVariantAssignment[]> {
      const byFeature = await runningByFeature();
      const assignments = [...new Set(featureCodes)].map((code) =>
        assignFeatureVariant(code, byFeature.get(code), unit),
      );
      const wanted = filters.isInExperiment;
      return wanted === undefined || wanted === null
        ? assignments
        : assignments.filter((assignment) => assignment.isInExperiment === wanted);
    },

    list: async (): Promise<ExperimentSummary[]> => withExposures(await repository.list()),

    get: async (id: number): Promise<ExperimentSummary> => (await withExposures([await requireRow(id)]))[0]!,

    async create(input: ExperimentInput, operatorId: number): Promise<ExperimentSummary> {
      const row = await repository.insert({
        ...definitionOf(input),
        salt: randomBytes(12).toString('base64url'),
        createdBy: operatorId,
      });
      return summaryOf(row, {});
    },

    /**
     * Saves an edited definition. A running experiment may only be renamed or re-described:
     * changing its arms, traffic or targeting would move units between variants mid-test.
     */
    async update(id: number, input: ExperimentInput): Promise<ExperimentSummary> {
      const current = await requireRow(id);
      if (current.status === 'running') {
        const definition = definitionOf(input);
        const changed = (Object.keys(definition) as (keyof typeof definition)[]).filter(
          (key) =>
            key !== 'name' &&
            key !== 'description' &&
            // jsonb keeps its own key order: compared by value, not by text.
            !isDeepStrictEqual(definition[key], current[key]),
        );
        if (changed.length > 0) {
          throw conflict('Stop the experiment before changing its feature, traffic, targeting or variants.');
        }
        await repository.updateText(id, { name: input.name, description: input.description });
      } else if (!(await repository.updateDefinition(id, definitionOf(input)))) {
        throw conflict('The experiment was started meanwhile; stop it before changing its definition.');
      }
      return this.get(id);
    },

    async start(id: number): Promise<ExperimentSummary> {
      const current = await requireRow(id);
      if (current.status === 'running') return this.get(id);
      if (!(await repository.start(id, deps.clock.now()))) {
        throw conflict(`Another experiment of "${current.featureCode}" is running; stop it first.`);
      }
      return this.get(id);
    },

    async stop(id: number): Promise<ExperimentSummary> {
      const current = await requireRow(id);
      if (current.status === 'running') await repository.stop(id, deps.clock.now());
      return this.get(id);
    },
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
