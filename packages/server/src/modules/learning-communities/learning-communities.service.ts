import {
  PAGE_ROUTES,
  type LearningCommunityCreationReason,
  type LearningCommunityInput,
} from '@lectern/domain';
import { createAnnouncedCache, LEARNER_FACTS_CACHE } from '../../platform/db/announced-cache.js';
import type { Database, DatabaseHandle, Transaction, Writer } from '../../platform/db/database.js';
import { namedRead, type Reader } from '../../platform/db/read-batch.js';
import { HttpError, notFound, permissionDenied, validationError } from '../../platform/http/http-error.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { OrganizationsService } from '../organizations/organizations.service.js';
import type { TopicsService } from '../topics/topics.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  communitiesOfMemberRead,
  createLearningCommunitiesRepository,
  peopleOfMemberCommunities,
  topicsOfMemberCommunities,
  type CommunityRow,
} from './learning-communities.repository.js';

/** A learning community as the API shows it; members and topics are read on demand (batched). */
export interface LearningCommunity {
  id: number;
  title: string;
  description: string;
  creationReason: { type: LearningCommunityCreationReason; text: string | null };
  ownerId: number;
  organizationId: number | null;
}

/** Where an invitation sends the invited: the page that lists their communities. */
export const COMMUNITIES_PAGE = PAGE_ROUTES.learningCommunities;

const NOT_FOUND = 'There is no such learning community among yours.';

/** Migration 0020 announces here, with their ids, the learners whose list of communities changed. */
export const LEARNING_COMMUNITIES_CHANNEL = 'lectern_learning_communities_changed';

const toCommunity = (row: CommunityRow): LearningCommunity => ({
  id: row.id,
  title: row.title,
  description: row.description,
  creationReason: { type: row.reasonType, text: row.reasonText },
  ownerId: row.ownerId,
  organizationId: row.organizationId,
});

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number, valueOf: (row: T) => number) {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

/**
 * Platform §3 and §7 learning communities. A learner sees only the communities they belong to;
 * anyone else's is answered as missing (404). Members may add colleagues of the community's
 * organization; only the owner removes others or deletes it. An owner who leaves hands the
 * community to the member who has been in it longest.
 */
export function createLearningCommunitiesService(deps: {
  db: Database;
  organizations: OrganizationsService;
  users: UsersService;
  topics: TopicsService;
  /** Where invitations are written; without it (the demo seed) members are added unmailed. */
  mail?: MailOutbox;
}) {
  const { db, organizations, users, topics, mail } = deps;
  const repository = createLearningCommunitiesRepository(db);
  // Read on every visit of a learner's home page: with the people and topics it names, from the
  // users' and topics' own read parts, in one round trip (decision 0011).
  const mineWithNamesRead = namedRead('learning_communities_of_member_with_names', {
    communities: communitiesOfMemberRead,
    people: users.reads.contactsIn(peopleOfMemberCommunities),
    topics: topics.reads.topicsIn(topicsOfMemberCommunities),
  });
  const mineKept = createAnnouncedCache<Awaited<ReturnType<typeof readMine>>>({
    channel: LEARNING_COMMUNITIES_CHANNEL,
    ...LEARNER_FACTS_CACHE,
  });
  const readMine = (userId: number, reader: Reader) => reader.read(mineWithNamesRead, { userId });
  /**
   * A change in one transaction. `run` names the learners whose lists it touches (a community's
   * members, before and after), and this instance drops what it keeps of theirs once the
   * transaction ends, before any of them asks again; other instances when the change is
   * announced.
   */
  const change = async <T>(
    run: (tx: Transaction, touches: (userIds: readonly number[]) => void) => Promise<T>,
  ): Promise<T> => {
    const touched = new Set<number>();
    try {
      return await db.transaction((tx) => run(tx, (userIds) => userIds.forEach((id) => touched.add(id))));
    } finally {
      for (const userId of touched) mineKept.forget(userId);
    }
  };

  /** The community for a change by `userId`, locked, with its members; 404 unless they are one. */
  async function lockedForMember(tx: Writer, userId: number, id: number, strength: 'share' | 'update') {
    const community = await repository.locked(tx, id, strength);
    if (!community?.memberIds.includes(userId)) throw notFound(NOT_FOUND);
    return community;
  }

  /** Every one of `userIds` must be a colleague in the community's organization (a founder without one has none). */
  async function checkColleagues(tx: Writer, organizationId: number | null, userIds: readonly number[]) {
    const colleagues =
      organizationId === null
        ? new Set<number>()
        : await organizations.memberIdsAmong(organizationId, userIds, tx);
    const strangers = userIds.filter((id) => !colleagues.has(id));
    if (strangers.length > 0) {
      throw validationError({
        userIds: strangers.map((id) => `User ${id} is not a member of this community's organization.`),
      });
    }
  }

  return {
    /**
     * The learner's own list: the communities they belong to with their member and topic ids,
     * and the people and topics those name, in one read (joins the request's batch; decision
     * 0033). Kept per learner while changes are announced (decision 0034).
     */
    mineWithNames: (userId: number, reader: Reader) =>
      mineKept.read(userId, 'mine', () => readMine(userId, reader)),

    /** A community as the API shows it, from a row of `mineWithNames`. */
    toCommunity,

    /** Keeps learners' lists while their changes are announced to this instance. */
    watchChanges: (listen: DatabaseHandle['listen']) => mineKept.watch(listen),

    /** The communities of `ids` in that order; 404 when any is not one of the user's. */
    async visible(userId: number, ids: readonly number[]): Promise<LearningCommunity[]> {
      const rows = new Map((await repository.visibleAmong(userId, ids)).map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = rows.get(id);
        if (!row) throw notFound(`There is no learning community ${id} among yours.`);
        return toCommunity(row);
      });
    },

    /**
     * The people among `emails` (lower-cased) whom the user, a member, may add to the community:
     * members of its organization, in the order asked; an address of no colleague is left out, so
     * nothing is told about people outside the organization. 404 unless the user is a member.
     */
    async colleaguesByEmail(userId: number, id: number, emails: readonly string[]) {
      const [community] = await repository.visibleAmong(userId, [id]);
      if (!community) throw notFound(NOT_FOUND);
      if (community.organizationId === null) return [];
      const people = (await Promise.all(emails.map((email) => users.findByEmail(email)))).filter(
        (person) => person !== null,
      );
      const colleagues = await organizations.memberIdsAmong(
        community.organizationId,
        people.map((person) => person.id),
      );
      const contacts = new Map(
        (
          await users.contacts(
            people.filter((person) => colleagues.has(person.id)).map((person) => person.id),
          )
        ).map((contact) => [contact.id, contact]),
      );
      return people.flatMap((person) => {
        const contact = contacts.get(person.id);
        return contact ? [contact] : [];
      });
    },

    /** Founds a community in the founder's organization (if any), with the founder as owner and first member. */
    async create(userId: number, input: LearningCommunityInput): Promise<LearningCommunity> {
      const membership = await organizations.membershipOf(userId);
      return change(async (tx, touches) => {
        const known = await topics.byIds(input.topicIds, tx);
        const unknown = input.topicIds.filter((id) => !known.has(id));
        if (unknown.length > 0) {
          throw validationError({
            'learningCommunity.topicIds': unknown.map((id) => `There is no topic ${id}.`),
          });
        }
        const row = await repository.insert(tx, {
          title: input.title,
          description: input.description,
          reasonType: input.creationReason.type,
          reasonText: input.creationReason.text,
          ownerId: userId,
          organizationId: membership?.organization.id ?? null,
        });
        await repository.addMembers(tx, row.id, [userId], null);
        await repository.setTopics(tx, row.id, input.topicIds);
        touches([userId]);
        return toCommunity(row);
      });
    },

    /**
     * Adds colleagues (any member may); those already in are left as they are. With an
     * invitation, each newly added member is mailed (with its message) in the same transaction.
     */
    async addMembers(
      userId: number,
      id: number,
      userIds: readonly number[],
      invitation: { message: string | null } | null,
    ): Promise<LearningCommunity> {
      // Read before the transaction: PGlite runs nothing else while one is open.
      const inviter = invitation ? await users.findById(userId) : null;
      return change(async (tx, touches) => {
        const community = await lockedForMember(tx, userId, id, 'share');
        await checkColleagues(tx, community.organizationId, userIds);
        const added = await repository.addMembers(tx, id, userIds, userId);
        touches([...community.memberIds, ...added]);
        if (added.length > 0) await repository.touch(tx, id);
        if (invitation && mail && added.length > 0) {
          const contacts = await users.contacts(added, tx);
          await mail.enqueueMany(
            tx,
            contacts.map((contact) => ({
              to: contact.email,
              locale: contact.locale,
              content: {
                kind: 'learning_community_invitation',
                communityTitle: community.title,
                inviterName: inviter?.displayName ?? 'A colleague',
                message: invitation.message,
                communityUrl: COMMUNITIES_PAGE,
              },
            })),
          );
        }
        return toCommunity(community);
      });
    },

    /** Removes members (the owner only; others get 403). The owner leaves with `leave` instead. */
    async removeMembers(userId: number, id: number, userIds: readonly number[]): Promise<LearningCommunity> {
      return change(async (tx, touches) => {
        const community = await lockedForMember(tx, userId, id, 'update');
        if (community.ownerId !== userId)
          throw permissionDenied('Only the owner of the community can remove members.');
        if (userIds.includes(userId)) {
          throw validationError({
            userIds: ['The owner cannot remove themselves; leave the community instead.'],
          });
        }
        await repository.removeMembers(tx, id, userIds);
        await repository.touch(tx, id);
        touches(community.memberIds);
        return toCommunity(community);
      });
    },

    /**
     * The user leaves. An owner hands the community to the member who has been in it longest;
     * an owner who is its only member is told to delete it instead (409), so no community is
     * left without anyone.
     */
    async leave(userId: number, id: number): Promise<void> {
      await change(async (tx, touches) => {
        const community = await lockedForMember(tx, userId, id, 'update');
        if (community.ownerId === userId) {
          const successor = await repository.longestStandingOther(tx, id, userId);
          if (successor === null) {
            throw new HttpError(
              409,
              'last_member',
              'You are the only member of this community: delete it instead of leaving.',
            );
          }
          await repository.setOwner(tx, id, successor);
        }
        await repository.removeMembers(tx, id, [userId]);
        touches(community.memberIds);
      });
    },

    /** Deletes the community with its memberships and topics (the owner only; members get 403). */
    async delete(userId: number, id: number): Promise<void> {
      await change(async (tx, touches) => {
        const community = await lockedForMember(tx, userId, id, 'update');
        if (community.ownerId !== userId)
          throw permissionDenied('Only the owner of the community can delete it.');
        await repository.delete(tx, id);
        touches(community.memberIds);
      });
    },

    /** The member ids of each community, longest-standing first (one query; a request's loader batches calls). */
    async memberIdsOf(communityIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.memberIdsOf(communityIds);
      return groupBy(
        rows,
        (row) => row.communityId,
        (row) => row.userId,
      );
    },

    /** The topic ids of each community in their order (one query). */
    async topicIdsOf(communityIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await repository.topicIdsOf(communityIds);
      return groupBy(
        rows,
        (row) => row.communityId,
        (row) => row.topicId,
      );
    },
  };
}

export type LearningCommunitiesService = ReturnType<typeof createLearningCommunitiesService>;
