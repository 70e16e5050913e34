import {
  COURSE_IMAGE_DEFAULT_WIDTH,
  COURSE_IMAGE_WIDTHS,
  courseImageHeight,
  courseImageVariantUrl,
  type CourseImageFormat,
} from '@lectern/domain';
import { preload } from 'react-dom';
import classes from './course-image.module.css';

/**
 * Where the picture sits on the page:
 * - `lcp`: the page's largest picture (the course hero, the first card): preloaded, fetched
 *   first, never lazy;
 * - `eager`: elsewhere above the fold (the rest of the first row of cards);
 * - `lazy`: below the fold, fetched and decoded when it comes near.
 */
export type CourseImagePriority = 'lcp' | 'eager' | 'lazy';

/** A card's layout width at each breakpoint of the course grids (1 to 4 columns in a `lg` container). */
export const COURSE_CARD_IMAGE_SIZES =
  '(min-width: 75em) 262px, (min-width: 62em) calc((100vw - 5rem) / 3), (min-width: 36em) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)';

/** Every rendered width of one format, for `srcset`; null for an image that is not one of ours. */
function srcSetOf(imageUrl: string, format: CourseImageFormat): string | null {
  const entries: string[] = [];
  for (const width of COURSE_IMAGE_WIDTHS) {
    const url = courseImageVariantUrl(imageUrl, width, format);
    if (!url) return null;
    entries.push(`${url} ${width}w`);
  }
  return entries.join(', ');
}

/**
 * A course's cover: AVIF, then WebP, then JPEG at every rendered width, with its width and
 * height set so the page never shifts when it arrives. `alt` is empty when the title is next to
 * the picture (it would only repeat it). Without an image, a neutral box of the same shape.
 */
export function CourseImage({
  imageUrl,
  alt,
  sizes,
  priority = 'lazy',
}: {
  imageUrl: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the picture is laid out (`COURSE_CARD_IMAGE_SIZES` on cards). */
  sizes: string;
  priority?: CourseImagePriority;
}) {
  if (!imageUrl) return <div className={classes.placeholder} aria-hidden="true" />;
  const avif = srcSetOf(imageUrl, 'avif');
  const webp = srcSetOf(imageUrl, 'webp');
  const jpeg = srcSetOf(imageUrl, 'jpeg');
  if (priority === 'lcp' && avif) {
    // A <picture>'s image is found late (after its sources are read); the preload in the head
    // starts it with the HTML. Browsers without AVIF skip it by its type and take the <img>.
    preload(courseImageVariantUrl(imageUrl, COURSE_IMAGE_DEFAULT_WIDTH, 'avif')!, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  const lazy = priority === 'lazy';
  return (
    <picture className={classes.picture}>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        className={classes.image}
        src={imageUrl}
        srcSet={jpeg ?? undefined}
        sizes={jpeg ? sizes : undefined}
        width={COURSE_IMAGE_DEFAULT_WIDTH}
        height={courseImageHeight(COURSE_IMAGE_DEFAULT_WIDTH)}
        alt={alt}
        loading={lazy ? 'lazy' : 'eager'}
        decoding={lazy ? 'async' : 'auto'}
        fetchPriority={priority === 'lcp' ? 'high' : undefined}
      />
    </picture>
  );
}
