import { GIFT_REDEEM_PATH, type GiftPreview } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

// The gift API's path carries its `/api-2.0` prefix, so it is sent from the site root.

export const GIFT_PREVIEW_QUERY_KEY = ['gift-preview'] as const;

/** `GET /api-2.0/gifts/redeem/?code=`: what a gift link holds (anyone with the link may look). */
export function giftPreviewQuery(api: ApiClient, code: string) {
  return queryOptions({
    queryKey: [...GIFT_PREVIEW_QUERY_KEY, code],
    queryFn: ({ signal }) =>
      api.get<GiftPreview>(GIFT_REDEEM_PATH, { base: 'root', params: { code }, signal }),
    // A link is redeemed or refunded elsewhere: asked again whenever the page is opened.
    staleTime: 0,
  });
}

/** What redeeming answers: the course, now in the user's account. */
export interface RedeemedGift {
  courseId: number;
  url: string;
}

/** `POST` the same path with `{ code }` (signed in): the course joins the user's courses. */
export function redeemGift(api: ApiClient, code: string): Promise<RedeemedGift> {
  return api.post<RedeemedGift>(GIFT_REDEEM_PATH, { code }, { base: 'root' });
}
