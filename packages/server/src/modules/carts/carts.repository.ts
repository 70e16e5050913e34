import type { BuyableType, ShoppingListName } from '@lectern/domain';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import { prepareSql } from '../../platform/db/prepared-sql.js';
import { buyableType, cartItems, carts, shoppingList } from './carts.tables.js';

/** Whose cart: a signed-in user's, or a visitor's (by the visitor cookie). */
export type CartOwner = { userId: number; visitorId?: undefined } | { userId?: undefined; visitorId: string };

export interface CartItemRow {
  id: number;
  list: ShoppingListName;
  buyableType: BuyableType;
  courseId: number;
  seen: boolean;
}

/** A cart as one query reads it: its version (the ETag), stored codes and items, newest first. */
export interface CartSnapshot {
  id: number;
  version: string;
  codes: string[];
  items: CartItemRow[];
}

export interface CartWrite {
  owner: CartOwner;
  /** Null: the cart does not exist yet and is created by this write. */
  cartId: number | null;
  /** The version the change was computed from; the write happens only if it is still current. */
  expectedVersion: string | null;
  newVersion: string;
  codes: string[];
  deleteItemIds: number[];
  inserts: { list: ShoppingListName; buyableType: BuyableType; courseId: number }[];
  context: string | null;
}

/** The codes stored on the user's cart (`userId`), for a combined read; none without a cart. */
export const cartCodesRead: ReadPart<string[]> = {
  sql: sql`select to_json(${carts.discountCodes}) from ${carts} where ${carts.userId} = ${sql.placeholder('userId')}`,
  parse: (value) => (Array.isArray(value) ? (value as string[]) : []),
};

export function createCartsRepository(db: Database) {
  const loadQuery = (where: SQL) =>
    db
      .select({
        id: carts.id,
        version: carts.version,
        codes: carts.discountCodes,
        itemId: cartItems.id,
        list: cartItems.list,
        buyableType: cartItems.buyableType,
        courseId: cartItems.courseId,
        seen: cartItems.seen,
      })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
      .where(where)
      .orderBy(desc(cartItems.id));
  // Every cart request starts here: the cart and all its items in one prepared query.
  const loadByUser = loadQuery(eq(carts.userId, sql.placeholder('userId'))).prepare('carts_load_by_user');
  const loadByVisitor = loadQuery(eq(carts.visitorId, sql.placeholder('visitorId'))).prepare(
    'carts_load_by_visitor',
  );
  const markSeen = db
    .update(cartItems)
    .set({ seen: true })
    .where(sql`${cartItems.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('carts_mark_seen');
  // A cart write is one statement (see `write`), prepared in its two shapes: creating the
  // cart, or updating it if its version is still the expected one.
  const createTarget = sql`insert into ${carts} (user_id, visitor_id, version, discount_codes)
    values (${sql.placeholder('userId')}::int, ${sql.placeholder('visitorId')}::uuid,
      ${sql.placeholder('newVersion')}, ${sql.placeholder('codes')}::text[])
    on conflict do nothing
    returning id`;
  const updateTarget = sql`update ${carts}
    set version = ${sql.placeholder('newVersion')}, discount_codes = ${sql.placeholder('codes')}::text[],
      updated_at = now()
    where id = ${sql.placeholder('cartId')}::int and version = ${sql.placeholder('expectedVersion')}
    returning id`;
  const writeStatement = (target: SQL) => sql`
    with target as (${target}),
    removed as (
      delete from ${cartItems}
      where cart_id in (select id from target) and id = any(${sql.placeholder('deleteIds')}::int[])
    ),
    added as (
      insert into ${cartItems} (cart_id, list, buyable_type, course_id, context)
      select target.id, x.list::${sql.raw(shoppingList.enumName)},
        x.buyable_type::${sql.raw(buyableType.enumName)}, x.course_id, ${sql.placeholder('context')}::varchar
      from target,
        unnest(${sql.placeholder('lists')}::text[], ${sql.placeholder('types')}::text[],
          ${sql.placeholder('courseIds')}::int[]) as x(list, buyable_type, course_id)
      on conflict do nothing
      returning id, list, buyable_type, course_id
    )
    select (select id from target) as cart_id,
      coalesce((select json_agg(json_build_object(
        'id', id, 'list', list, 'buyableType', buyable_type, 'courseId', course_id)) from added),
        '[]'::json) as added`;
  type WrittenRow = { cart_id: number | null; added: Omit<CartItemRow, 'seen'>[] };
  const writeNewCart = prepareSql<WrittenRow>(db, 'carts_write_new', writeStatement(createTarget));
  const writeExistingCart = prepareSql<WrittenRow>(db, 'carts_write_existing', writeStatement(updateTarget));

  return {
    async load(owner: CartOwner): Promise<CartSnapshot | null> {
      const rows =
        owner.userId !== undefined
          ? await loadByUser.execute({ userId: owner.userId })
          : await loadByVisitor.execute({ visitorId: owner.visitorId });
      const [first] = rows;
      if (!first) return null;
      return {
        id: first.id,
        version: first.version,
        codes: first.codes,
        items: rows
          .filter((row) => row.itemId !== null)
          .map((row) => ({
            id: row.itemId!,
            list: row.list!,
            buyableType: row.buyableType!,
            courseId: row.courseId!,
            seen: row.seen!,
          })),
      };
    },

    /**
     * Applies a change in ONE statement, so it is atomic without an explicit transaction:
     * the cart row is updated only if its version is still `expectedVersion` (or, for a new
     * cart, inserted only if the owner has none), and the item deletes and inserts happen only
     * when that succeeded. A concurrent write on the same cart blocks on the row lock and then
     * finds the version changed: it returns null and changes nothing (the caller answers 409).
     * Deletes and inserts never touch the same item key (callers compute a diff).
     */
    async write(change: CartWrite): Promise<{ cartId: number; added: CartItemRow[] } | null> {
      const values = {
        userId: change.owner.userId ?? null,
        visitorId: change.owner.visitorId ?? null,
        cartId: change.cartId,
        expectedVersion: change.expectedVersion,
        newVersion: change.newVersion,
        codes: change.codes,
        deleteIds: change.deleteItemIds,
        lists: change.inserts.map((i) => i.list),
        types: change.inserts.map((i) => i.buyableType),
        courseIds: change.inserts.map((i) => i.courseId),
        context: change.context,
      };
      const [row] = await (change.cartId === null ? writeNewCart : writeExistingCart).execute(values);
      if (!row || row.cart_id === null) return null;
      return {
        cartId: row.cart_id,
        added: row.added.map((item) => ({ ...item, seen: false })).sort((a, b) => b.id - a.id),
      };
    },

    /**
     * Takes bought courses off the user's cart and express lists inside the caller's
     * transaction, with a new version when anything was removed (other tabs then refetch).
     */
    async removePurchased(
      executor: Database,
      userId: number,
      bought: readonly { buyableType: string; courseId: number }[],
      version: string,
    ): Promise<void> {
      await executor.execute(sql`
        with target as (select id from ${carts} where user_id = ${userId} for update),
        removed as (
          delete from ${cartItems}
          where cart_id in (select id from target) and list in ('cart', 'express')
            and (buyable_type::text, course_id) in (
              select * from unnest(${sql.param(bought.map((item) => item.buyableType))}::text[],
                ${sql.param(bought.map((item) => item.courseId))}::int[]))
          returning id
        )
        update ${carts} set version = ${version}, updated_at = now()
        where id in (select id from target) and exists (select 1 from removed)`);
    },

    /** Marks items as shown (unseen counts); not a change of the cart, so the version stays. */
    async markSeen(itemIds: number[]): Promise<void> {
      if (itemIds.length > 0) await markSeen.execute({ ids: itemIds });
    },

    /** Deletes a cart if it is still at `version` (a visitor's cart after it merged). */
    async deleteCart(cartId: number, version: string): Promise<boolean> {
      const rows = await db
        .delete(carts)
        .where(and(eq(carts.id, cartId), eq(carts.version, version)))
        .returning({ id: carts.id });
      return rows.length > 0;
    },

    /** Visitor carts untouched for `olderThan` (housekeeping). */
    async deleteIdleVisitorCarts(before: Date): Promise<number> {
      const rows = await db
        .delete(carts)
        .where(
          sql`${carts.visitorId} is not null and ${carts.updatedAt} < ${before.toISOString()}::timestamptz`,
        )
        .returning({ id: carts.id });
      return rows.length;
    },
  };
}

export type CartsRepository = ReturnType<typeof createCartsRepository>;
