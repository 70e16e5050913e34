import { randomBytes } from 'node:crypto';
import { courseImageHeight, type CourseImageWidth } from '@lectern/domain';
import sharp, { type Metadata } from 'sharp';
import { validationError } from '../../platform/http/http-error.js';
import { COVER_WIDTH, courseCoverSvg } from '../course-images/course-cover-svg.js';

/** The image types a cover may be uploaded as (the request's content type). */
export const COVER_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest upload accepted (the route's own body limit; the API's is 64 KB). */
export const COVER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Widest cover kept: the largest width served (1200) at 2x. */
export const COVER_MAX_WIDTH = 2400;
/** Smallest upload that still makes a sharp card on a phone at 2x. */
export const COVER_MIN_WIDTH = 480;
/** At most this many pixels are decoded (a small file cannot unpack into gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The bytes of an uploaded image, as the route's body parser hands them on. The bytes sit in a
 * private field: the server's request guards walk a parsed body's own properties, and a buffer's
 * are its millions of bytes.
 */
export class CoverUploadBody {
  readonly #bytes: Buffer;
  constructor(
    bytes: Buffer,
    readonly contentType: string,
  ) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

export interface NormalisedCover {
  image: Buffer;
  width: number;
  height: number;
  /** New for every upload: the cover's addresses change with it. */
  version: string;
}

/**
 * Normalises an uploaded cover with sharp: its orientation applied (`rotate()`), its metadata
 * (EXIF, GPS, colour profiles but sRGB) dropped, at most `COVER_MAX_WIDTH` wide, WebP. An image
 * sharp cannot read, or one too small to be a cover, is a 400 on the `image` field.
 */
export async function normaliseCover(body: CoverUploadBody): Promise<NormalisedCover> {
  const problem = (message: string) => validationError({ image: [message] }, message);
  let metadata: Metadata;
  try {
    metadata = await sharp(body.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw problem('This file is not an image we can read: upload a JPEG, PNG or WebP.');
  }
  const format =
    metadata.format === 'jpeg' ? 'image/jpeg' : metadata.format ? `image/${metadata.format}` : '';
  if (!(COVER_UPLOAD_TYPES as readonly string[]).includes(format))
    throw problem('Upload the cover as a JPEG, PNG or WebP image.');
  // The width as the image is shown (a portrait photo's EXIF orientation swaps its sides).
  const rotated = (metadata.orientation ?? 1) >= 5;
  const shownWidth = (rotated ? metadata.height : metadata.width) ?? 0;
  if (shownWidth < COVER_MIN_WIDTH)
    throw problem(`The cover must be at least ${COVER_MIN_WIDTH} pixels wide; this one is ${shownWidth}.`);
  try {
    const { data, info } = await sharp(body.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: COVER_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height, version: randomBytes(6).toString('hex') };
  } catch {
    throw problem('This image could not be read to the end: it may be damaged. Try another file.');
  }
}

/** The widths the back office previews a cover at. */
export const PREVIEW_WIDTHS = [240, 480, 750, 1200] as const satisfies readonly CourseImageWidth[];

/**
 * A course's cover as staff preview it (any status, drafts included): the uploaded one cropped
 * to 16:9, or the drawn one, at `width`, in WebP.
 */
export async function coverPreview(
  source: { upload: Buffer | null; facts: { id: number; title: string; category: string | null } },
  width: CourseImageWidth,
): Promise<Buffer> {
  const height = courseImageHeight(width);
  if (source.upload) {
    return sharp(source.upload).resize(width, height, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  }
  const svg = courseCoverSvg({ ...source.facts, category: source.facts.category ?? '' });
  return sharp(Buffer.from(svg), { density: (72 * width) / COVER_WIDTH })
    .resize(width, height, { fit: 'fill' })
    .webp({ quality: 80 })
    .toBuffer();
}
