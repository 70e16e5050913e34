import { z } from 'zod';

/** `page` and `page_size` of every paginated listing (platform §3: results, next, count). */
export const pageQuery = {
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number.' })
    .int('page_size must be a whole number.')
    .min(1, 'page_size must be between 1 and 100.')
    .max(100, 'page_size must be between 1 and 100.')
    .default(20),
};

/** Link to another page of the same listing, keeping the other query parameters. */
export function pageLink(url: string, page: number): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

/** `next` and `previous` for page `page` of `count` items in pages of `size`. */
export function pageLinks(url: string, page: number, size: number, count: number) {
  return {
    next: page * size < count ? pageLink(url, page + 1) : null,
    previous: page > 1 ? pageLink(url, page - 1) : null,
  };
}
