import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';
import { users } from '../users/users.tables.js';

export const shoppingList = pgEnum('shopping_list', ['cart', 'express', 'saved_for_later', 'wishlist']);
export const buyableType = pgEnum('buyable_type', ['course', 'license', 'gift']);

/**
 * One per owner: a signed-in user, or a visitor (the `lectern_visitor` cookie) until they
 * log in, when the visitor's cart merges into the user's. `version` is the ETag: a random
 * token replaced by every write (compare-and-swap), so it is unique across carts too.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id'),
    version: varchar('version', { length: 32 }).notNull(),
    /** Upper-cased codes applied to the cart, in the order they were applied. */
    discountCodes: text('discount_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('carts_user_key').on(table.userId),
    uniqueIndex('carts_visitor_key').on(table.visitorId),
    check('carts_one_owner', sql`(${table.userId} is null) <> (${table.visitorId} is null)`),
  ],
);

/** A buyable in one of the cart's four lists; a license or gift names the course it is for. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    list: shoppingList('list').notNull(),
    buyableType: buyableType('buyable_type').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** False until a GET of the cart has shown the item (the `{list}_unseen_count`). */
    seen: boolean('seen').notNull().default(false),
    /** Where the add happened (analytics), e.g. "course_landing_page". */
    context: varchar('context', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_buyable_key').on(table.cartId, table.list, table.buyableType, table.courseId),
  ],
);
