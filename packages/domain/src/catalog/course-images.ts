/**
 * Course cover images: one picture per course, served at a few widths in three formats under
 * an address that holds a version (a hash of what the picture shows), so each address can be
 * cached for a year. The API's `image_url` is the JPEG at `COURSE_IMAGE_DEFAULT_WIDTH`; the
 * browser derives the other variants from it for `srcset`.
 */

/** Rendered widths, narrowest first: a card on a phone, a card at 2x, the hero, social previews. */
export const COURSE_IMAGE_WIDTHS = [240, 480, 750, 1200] as const;
export type CourseImageWidth = (typeof COURSE_IMAGE_WIDTHS)[number];

/** The width of `image_url` (a JPEG every client can show). */
export const COURSE_IMAGE_DEFAULT_WIDTH: CourseImageWidth = 750;

/** Link previews (Open Graph, Twitter cards) ask for at least 1200 pixels wide. */
export const COURSE_IMAGE_SHARE_WIDTH: CourseImageWidth = 1200;

/** Raster formats, best first; `jpeg` is the fallback every browser shows. */
export const COURSE_IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type CourseImageFormat = (typeof COURSE_IMAGE_FORMATS)[number];

export const COURSE_IMAGE_MIME_TYPES: Record<CourseImageFormat | 'svg', string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const EXTENSIONS: Record<CourseImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** Covers are 16:9, like the cards' image area. */
export function courseImageHeight(width: number): number {
  return Math.round((width * 9) / 16);
}

const PREFIX = '/course-images/';

/** `/course-images/{courseId}/{version}/{width}.{ext}`, or `…/cover.svg` for the vector original. */
export function courseImagePath(
  courseId: number,
  version: string,
  variant: { width: CourseImageWidth; format: CourseImageFormat } | 'svg',
): string {
  const file = variant === 'svg' ? 'cover.svg' : `${variant.width}.${EXTENSIONS[variant.format]}`;
  return `${PREFIX}${courseId}/${version}/${file}`;
}

/** What a variant's file name (`480.webp`, `cover.svg`) asks for; null for any other name. */
export function parseCourseImageVariant(
  file: string,
): { width: CourseImageWidth; format: CourseImageFormat } | 'svg' | null {
  if (file === 'cover.svg') return 'svg';
  const match = /^(\d{3,4})\.([a-z]{3,4})$/.exec(file);
  if (!match) return null;
  const width = COURSE_IMAGE_WIDTHS.find((candidate) => String(candidate) === match[1]);
  const format = COURSE_IMAGE_FORMATS.find((candidate) => EXTENSIONS[candidate] === match[2]);
  return width !== undefined && format !== undefined ? { width, format } : null;
}

const OWN_IMAGE = /^((?:https?:\/\/[^/]+)?\/course-images\/\d+\/[A-Za-z0-9_-]+\/)[^/]+$/;

/**
 * Another variant of one of our course images (`image_url` as the API gives it, relative or
 * absolute); null when the URL is not one of ours (then only the URL itself can be shown).
 */
export function courseImageVariantUrl(
  imageUrl: string,
  width: CourseImageWidth,
  format: CourseImageFormat,
): string | null {
  const match = OWN_IMAGE.exec(imageUrl);
  return match ? `${match[1]}${width}.${EXTENSIONS[format]}` : null;
}
