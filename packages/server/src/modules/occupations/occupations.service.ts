import { occupationUrl, pageCountOf } from '@lectern/domain';
import type { Database, Writer } from '../../platform/db/database.js';
import { notFound, validationError } from '../../platform/http/http-error.js';
import { createOccupationsRepository, type OccupationRow } from './occupations.repository.js';

/** Platform §3 occupation; its group and representative topic are read on demand (batched). */
export interface Occupation {
  id: number;
  name: string;
  urlLandingPage: string;
  groupId: number;
  representativeTopicId: number | null;
}

export interface OccupationGroup {
  id: number;
  name: string;
}

/** Platform §3 occupation info: a learner's own answers about their job. */
export interface UserOccupationInfo {
  groupId: number | null;
  occupationId: number | null;
  raw: { id: number; name: string }[];
  isManager: boolean;
}

export interface OccupationPage {
  items: Occupation[];
  page: number;
  pageCount: number;
}

const toOccupation = (row: OccupationRow): Occupation => ({
  id: row.id,
  name: row.name,
  urlLandingPage: occupationUrl(row.slug),
  groupId: row.groupId,
  representativeTopicId: row.representativeTopicId,
});

/** Items of `ids` in that order; NOT_FOUND naming the first id without one. */
function inOrder<T>(ids: readonly number[], byId: Map<number, T>, what: string): T[] {
  return ids.map((id) => {
    const item = byId.get(id);
    if (item === undefined) throw notFound(`There is no ${what} ${id}.`);
    return item;
  });
}

/**
 * Platform §3 and §7 occupations: the canonical occupations and their groups (public), and each
 * learner's occupation info (theirs alone): a group, an occupation within it, their own words
 * for their job when none fits, and whether they manage people.
 */
export function createOccupationsService(db: Database) {
  const repository = createOccupationsRepository(db);

  async function info(userId: number, writer?: Writer): Promise<UserOccupationInfo> {
    const [row, raw] = [await repository.infoOf(userId, writer), await repository.rawOf(userId, writer)];
    return {
      groupId: row?.groupId ?? null,
      occupationId: row?.occupationId ?? null,
      raw,
      isManager: row?.isManager ?? false,
    };
  }

  return {
    /** The occupations of `ids` in that order; NOT_FOUND when one does not exist. */
    async occupations(ids: readonly number[]): Promise<Occupation[]> {
      const rows = await repository.byIds(ids);
      return inOrder(ids, new Map(rows.map((row) => [row.id, toOccupation(row)])), 'occupation');
    },

    /** The occupations among `ids`, keyed by id (one query; a request's loader batches calls). */
    async occupationsByIds(ids: readonly number[]): Promise<Map<number, Occupation>> {
      return new Map((await repository.byIds([...new Set(ids)])).map((row) => [row.id, toOccupation(row)]));
    },

    /** The groups of `ids` in that order (NOT_FOUND when one does not exist), or every group by name. */
    async groups(ids: readonly number[] | null): Promise<OccupationGroup[]> {
      const rows = await repository.groups(ids);
      return ids === null
        ? rows
        : inOrder(ids, new Map(rows.map((row) => [row.id, row])), 'occupation group');
    },

    async groupsByIds(ids: readonly number[]): Promise<Map<number, OccupationGroup>> {
      return new Map((await repository.groups([...new Set(ids)])).map((row) => [row.id, row]));
    },

    /** One page (from 0) of the occupations matching the search, in the groups asked for. */
    async search(input: {
      search: string | null;
      groupIds: number[] | null;
      page: number;
      pageSize: number;
    }): Promise<OccupationPage> {
      const { rows, total } = await repository.search(
        input.search,
        input.groupIds,
        input.page * input.pageSize,
        input.pageSize,
      );
      return {
        items: rows.map(toOccupation),
        page: input.page,
        pageCount: pageCountOf(total, input.pageSize),
      };
    },

    /** The learner's occupation info (empty until they answer). */
    info: (userId: number) => info(userId),

    async assignManager(userId: number, isManager: boolean): Promise<UserOccupationInfo> {
      return db.transaction(async (tx) => {
        await repository.upsertInfo(tx, userId, { isManager });
        return info(userId, tx);
      });
    },

    /**
     * The learner's group; an occupation chosen before in another group is let go (it no longer
     * describes them). An unknown group is BAD_USER_INPUT.
     */
    async assignGroup(userId: number, groupId: number): Promise<UserOccupationInfo> {
      return db.transaction(async (tx) => {
        if ((await repository.groups([groupId], tx)).length === 0) {
          throw validationError({ groupId: [`There is no occupation group ${groupId}.`] });
        }
        const current = await repository.infoOf(userId, tx);
        const occupation = current?.occupationId
          ? (await repository.byIds([current.occupationId], tx))[0]
          : undefined;
        await repository.upsertInfo(tx, userId, {
          groupId,
          occupationId: occupation && occupation.groupId === groupId ? occupation.id : null,
        });
        return info(userId, tx);
      });
    },

    /** The learner's canonical occupation, and its group with it. An unknown occupation is BAD_USER_INPUT. */
    async assignOccupation(userId: number, occupationId: number): Promise<UserOccupationInfo> {
      return db.transaction(async (tx) => {
        const [occupation] = await repository.byIds([occupationId], tx);
        if (!occupation) throw validationError({ occupationId: [`There is no occupation ${occupationId}.`] });
        await repository.upsertInfo(tx, userId, { occupationId, groupId: occupation.groupId });
        return info(userId, tx);
      });
    },

    /** Replaces the learner's own words for their job (an empty list clears them). */
    async assignRaw(userId: number, names: readonly string[]): Promise<UserOccupationInfo> {
      return db.transaction(async (tx) => {
        await repository.replaceRaw(tx, userId, names);
        return info(userId, tx);
      });
    },

    seedWriter: repository.seedWriter,
  };
}

export type OccupationsService = ReturnType<typeof createOccupationsService>;
