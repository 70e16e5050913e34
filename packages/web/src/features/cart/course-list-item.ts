import type { ApiPrice, CourseSummary, ListItem } from '@lectern/domain';

/**
 * A list item for a course as the course page knows it, shown while the server has not yet
 * answered an add (the server's own item replaces it). `type` 'gift': the course bought for
 * someone else, priced as the course itself.
 */
export function courseListItem(
  course: Pick<
    CourseSummary,
    'id' | 'title' | 'url' | 'image_url' | 'visible_instructors' | 'price' | 'price_text'
  >,
  prices: { price: ApiPrice | null; discountPrice: ApiPrice | null; listPrice: ApiPrice | null } | null,
  type: 'course' | 'gift' = 'course',
): ListItem {
  const listed: ApiPrice = { ...course.price, price_string: course.price_text };
  const purchase = prices?.discountPrice ?? prices?.price ?? listed;
  return {
    buyable: {
      id: course.id,
      buyable_object_type: type,
      course: {
        id: course.id,
        title: course.title,
        url: course.url,
        image_url: course.image_url,
        visible_instructors: course.visible_instructors,
      },
    },
    purchase_price: purchase,
    list_price: prices?.listPrice ?? purchase,
    current_discount: null,
  };
}
