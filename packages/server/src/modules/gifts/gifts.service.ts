import { createHash, randomBytes } from 'node:crypto';
import {
  GIFT_REDEEM_REFUSALS,
  giftStatusOf,
  PAGE_ROUTES,
  type GiftPreview,
  type GiftRedeemRefusal,
  type GiftStatus,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { HttpError } from '../../platform/http/http-error.js';
import type { GiftsBought } from '../checkout/checkout-fulfilment.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { UsersService } from '../users/users.service.js';
import { createGiftsRepository, type GiftRow } from './gifts.repository.js';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const receivedMailKey = (giftId: number) => `gift_received:${giftId}`;

const refused = (status: number, refusal: GiftRedeemRefusal) =>
  new HttpError(status, refusal, GIFT_REDEEM_REFUSALS[refusal]);

/** A gift line as the purchase history and refunds see it. */
export interface GiftOfLine {
  lineId: number;
  recipientEmail: string;
  recipientName: string | null;
  deliverAt: Date;
  status: GiftStatus;
}

/**
 * Gifts (issue 19): a course bought for someone else. The checkout's fulfilment makes them
 * (with the recipient's mail, queued for the delivery date, in the same transaction); the
 * recipient redeems the link into their account; an unredeemed gift's refund goes to the buyer
 * and holds its mail back.
 */
export function createGiftsService(deps: {
  db: Database;
  orders: OrdersService;
  users: UsersService;
  mail: MailOutbox;
  clock: Clock;
  /** The course a gift is of, as its pages name and link it. */
  courseOf: (courseId: number) => Promise<{ id: number; title: string; url: string } | null>;
}) {
  const { db, orders, users, mail, clock } = deps;
  const courseOf = async (courseId: number) =>
    (await deps.courseOf(courseId)) ?? { id: courseId, title: `Course #${courseId}`, url: '/' };
  const repository = createGiftsRepository(db);

  const statusOf = (row: GiftRow): GiftStatus =>
    giftStatusOf({
      deliverAt: row.deliverAt,
      redeemedAt: row.redeemedAt,
      refundedAt: row.refundedAt,
      now: clock.now(),
    });

  return {
    /**
     * Inside the fulfilment transaction: the order's gifts, each with a fresh one-time link,
     * and their recipients' mails queued for the delivery time.
     */
    async recordBought(tx: Database, order: GiftsBought): Promise<void> {
      const codes = new Map<number, string>();
      const made = await repository.insertForOrder(
        tx,
        order.orderId,
        order.buyerId,
        order.lines.map((line) => {
          const code = randomBytes(32).toString('base64url');
          codes.set(line.courseId, code);
          return {
            courseId: line.courseId,
            recipientEmail: line.gift.recipientEmail,
            recipientName: line.gift.recipientName,
            message: line.gift.message,
            deliverOn: line.gift.deliverOn,
            deliverAt: new Date(line.gift.deliverAt),
            codeHash: hashOf(code),
          };
        }),
      );
      if (made.length !== order.lines.length) throw new Error(`order ${order.orderId}: gift lines not found`);
      await mail.enqueueMany(
        tx,
        made.map((gift) => {
          const line = order.lines.find((candidate) => candidate.courseId === gift.courseId)!;
          return {
            to: line.gift.recipientEmail,
            dedupeKey: receivedMailKey(gift.id),
            sendAfter: new Date(line.gift.deliverAt),
            content: {
              kind: 'gift_received' as const,
              fromName: line.gift.fromName,
              recipientName: line.gift.recipientName,
              courseTitle: line.title,
              message: line.gift.message,
              redeemUrl: `${PAGE_ROUTES.giftRedeem}?code=${codes.get(gift.courseId)}`,
            },
          };
        }),
      );
    },

    /** What the redeem page shows for a link; null for an unknown one. */
    async preview(code: string, viewerId: number | null): Promise<GiftPreview | null> {
      const gift = await repository.findByCodeHash(hashOf(code));
      if (!gift) return null;
      const [buyer, course] = await Promise.all([users.findById(gift.buyerId), courseOf(gift.courseId)]);
      return {
        course,
        from_name: buyer?.displayName ?? null,
        recipient_name: gift.recipientName,
        message: gift.message,
        status: gift.refundedAt ? 'refunded' : gift.redeemedAt ? 'redeemed' : 'redeemable',
        redeemed_by_you: viewerId !== null && gift.redeemedBy === viewerId,
      };
    },

    /**
     * Adds the gift's course to the user's account, once: an unknown link is a 404; a refunded
     * one, one redeemed by someone else, or a course the user owns is a 409 naming why (and
     * the gift stays as it was). Redeeming one's own redeemed gift again is a no-op.
     */
    async redeem(userId: number, code: string): Promise<{ courseId: number; url: string }> {
      const codeHash = hashOf(code);
      const found = await repository.findByCodeHash(codeHash);
      if (!found) throw refused(404, 'gift_not_found');
      // Read before the transaction: on the embedded database it holds the one connection.
      const [buyer, course] = await Promise.all([users.findById(found.buyerId), courseOf(found.courseId)]);
      await db.transaction(async (tx) => {
        const gift = await repository.lockByCodeHash(tx, codeHash);
        if (!gift) throw refused(404, 'gift_not_found');
        if (gift.refundedAt) throw refused(409, 'gift_refunded');
        if (gift.redeemedAt) {
          if (gift.redeemedBy === userId) return;
          throw refused(409, 'gift_redeemed');
        }
        const at = clock.now();
        if (!(await orders.enrollGift(tx, userId, gift.courseId, gift.orderId, at))) {
          throw refused(409, 'gift_already_owned');
        }
        await repository.markRedeemed(tx, gift.id, userId, at);
        // The link works at once, whatever the delivery date: its mail need not go out any more.
        await mail.reschedule(tx, receivedMailKey(gift.id), null);
        if (buyer) {
          await mail.enqueue(tx, {
            to: buyer.email,
            locale: buyer.locale,
            timeZone: buyer.timeZone ?? undefined,
            dedupeKey: `gift_redeemed:${gift.id}`,
            content: {
              kind: 'gift_redeemed',
              recipientEmail: gift.recipientEmail,
              courseTitle: course.title,
              historyUrl: PAGE_ROUTES.purchaseHistory,
            },
          });
        }
      });
      return { courseId: course.id, url: course.url };
    },

    /** The gifts of these order lines, by line (purchase history). */
    async ofLines(lineIds: readonly number[], within?: Database): Promise<Map<number, GiftOfLine>> {
      const rows = await repository.ofLines(lineIds, within);
      return new Map(
        rows.map((row) => [
          row.orderLineId,
          {
            lineId: row.orderLineId,
            recipientEmail: row.recipientEmail,
            recipientName: row.recipientName,
            deliverAt: row.deliverAt,
            status: statusOf(row),
          },
        ]),
      );
    },

    /**
     * Inside a refund's transaction: voids the line's unredeemed gift and holds its mail back if
     * it has not gone out. False when the gift was redeemed meanwhile (the refund is refused).
     */
    async voidForRefund(tx: Database, lineId: number): Promise<boolean> {
      const voided = await repository.markRefunded(tx, lineId, clock.now());
      if (!voided) return false;
      await mail.reschedule(tx, receivedMailKey(voided.id), null);
      return true;
    },

    /**
     * Inside a failed refund's transaction: the line's gift is live again, its mail due as
     * planned. False when the line is not a gift.
     */
    async restoreAfterFailedRefund(tx: Database, lineId: number): Promise<boolean> {
      const restored = await repository.clearRefunded(tx, lineId);
      if (!restored) return false;
      await mail.reschedule(tx, receivedMailKey(restored.id), restored.deliverAt);
      return true;
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
