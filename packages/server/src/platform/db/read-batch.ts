import { createHash } from 'node:crypto';
import { prepareCombinedRead, type CombinedRead, type ReadPart } from './combined-read.js';
import type { Database } from './database.js';

type Parts = Record<string, ReadPart<unknown>>;
type Parsed<P extends Parts> = { [K in keyof P]: ReturnType<P[K]['parse']> };
type Values = Record<string, unknown>;

/**
 * A feature's read: one or more parts (scalar subqueries over its own tables, `ReadPart`),
 * under a name unique in the server, which names its prepared statement when it runs alone.
 */
export interface NamedRead<P extends Parts> {
  readonly name: string;
  readonly parts: P;
}

export const namedRead = <P extends Parts>(name: string, parts: P): NamedRead<P> => ({ name, parts });

/**
 * Runs named reads. A service takes one so its caller decides how: `statements.direct` runs
 * each read as its own prepared statement; a request's batch (`statements.batch()`) runs the
 * reads asked for together (in the same tick, as DataLoader gathers keys) as ONE statement.
 * Placeholders of the same name share a value, so reads whose values disagree on a name go
 * in separate statements.
 */
export interface Reader {
  read<P extends Parts>(read: NamedRead<P>, values: Values): Promise<Parsed<P>>;
}

/** More combinations than this and the rest run read by read: a server prepares a bounded set. */
const MAX_COMBINATIONS = 64;
/** PostgreSQL cuts identifiers at 63 bytes. */
const MAX_STATEMENT_NAME = 63;

interface Pending {
  read: NamedRead<Parts>;
  values: Values;
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: unknown) => void;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
      ? JSON.stringify(a) === JSON.stringify(b)
      : Object.is(a, b);

const agrees = (values: Values, other: Values) =>
  Object.keys(other).every((key) => !(key in values) || sameValue(values[key], other[key]));

/** The server's prepared statements for named reads, alone and combined. */
export function createReadStatements(db: Database) {
  const alone = new WeakMap<NamedRead<Parts>, CombinedRead<Parts>>();
  const combined = new Map<string, { statement: CombinedRead<Parts>; order: string[] }>();

  const statementOf = (read: NamedRead<Parts>) => {
    let statement = alone.get(read);
    if (!statement) {
      statement = prepareCombinedRead(db, read.name, read.parts);
      alone.set(read, statement);
    }
    return statement;
  };

  const direct: Reader = {
    read: (read, values) => statementOf(read).execute(values) as never,
  };

  /** One group's reads (distinct names, agreeing values) in one statement, or each alone. */
  async function runGroup(group: Pending[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group;
      await statementOf(only!.read).execute(only!.values).then(only!.resolve, only!.reject);
      return;
    }
    const names = group.map((pending) => pending.read.name).sort();
    const key = names.join(',');
    let entry = combined.get(key);
    if (!entry && combined.size < MAX_COMBINATIONS) {
      const byName = new Map(group.map((pending) => [pending.read.name, pending.read]));
      const parts: Parts = {};
      names.forEach((name, index) => {
        for (const [part, read] of Object.entries(byName.get(name)!.parts)) parts[`r${index}_${part}`] = read;
      });
      const name = `batch_${createHash('sha256').update(key).digest('hex')}`.slice(0, MAX_STATEMENT_NAME);
      entry = { statement: prepareCombinedRead(db, name, parts), order: names };
      combined.set(key, entry);
    }
    if (!entry) {
      await Promise.all(group.map((pending) => runGroup([pending])));
      return;
    }
    const values: Values = {};
    for (const pending of group) Object.assign(values, pending.values);
    try {
      const row = await entry.statement.execute(values);
      for (const pending of group) {
        const index = entry.order.indexOf(pending.read.name);
        const result: Record<string, unknown> = {};
        for (const part of Object.keys(pending.read.parts)) result[part] = row[`r${index}_${part}`];
        pending.resolve(result);
      }
    } catch (error) {
      for (const pending of group) pending.reject(error);
    }
  }

  return {
    direct,

    /** A reader for one request: what it is asked in one tick goes to the database together. */
    batch(): Reader {
      let queue: Pending[] = [];
      const dispatch = () => {
        const pending = queue;
        queue = [];
        // The same read with the same values is asked once; any other goes in the first group
        // where its name is new and its values agree.
        const groups: Pending[][] = [];
        const asked: Pending[] = [];
        for (const next of pending) {
          const twin = asked.find(
            (earlier) =>
              earlier.read === next.read &&
              agrees(earlier.values, next.values) &&
              agrees(next.values, earlier.values),
          );
          if (twin) {
            const { resolve, reject } = twin;
            twin.resolve = (value) => {
              resolve(value);
              next.resolve(value);
            };
            twin.reject = (error) => {
              reject(error);
              next.reject(error);
            };
            continue;
          }
          asked.push(next);
          const group = groups.find((candidates) =>
            candidates.every(
              (other) => other.read.name !== next.read.name && agrees(other.values, next.values),
            ),
          );
          if (group) group.push(next);
          else groups.push([next]);
        }
        for (const group of groups) void runGroup(group);
      };
      return {
        read(read, values) {
          return new Promise((resolve, reject) => {
            if (queue.length === 0) {
              // After every promise already settled has run its callbacks (as DataLoader does), so
              // resolvers that await a cached value first still join this batch.
              void Promise.resolve().then(() => process.nextTick(dispatch));
            }
            queue.push({ read: read as NamedRead<Parts>, values, resolve: resolve as never, reject });
          }) as never;
        },
      };
    },
  };
}

export type ReadStatements = ReturnType<typeof createReadStatements>;
