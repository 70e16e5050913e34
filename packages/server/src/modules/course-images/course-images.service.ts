import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  COURSE_IMAGE_MIME_TYPES,
  courseImageHeight,
  courseImagePath,
  type CourseImageFormat,
  type CourseImageWidth,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import type { CatalogService, CourseCoverFacts } from '../catalog/catalog.service.js';
import { COVER_WIDTH, courseCoverSvg, courseCoverVersion, uploadedCoverVersion } from './course-cover-svg.js';

export type CourseImageVariant = { width: CourseImageWidth; format: CourseImageFormat } | 'svg';

export type CourseImageAnswer =
  | { kind: 'image'; body: Buffer; contentType: string }
  /** The address names an older version of the cover: here is the current one. */
  | { kind: 'moved'; location: string };

/** Course facts change rarely; a minute-old title on a cover is fine (as on the cards). */
const FACTS_TTL_MS = 60_000;
/** Rendered files kept in memory, most recently used last; the disk keeps everything. */
const MEMORY_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * Encoder settings: small files that still look clean on flat colours and large type. AVIF at
 * effort 2 takes a quarter of the time of the default 4 (about 110 ms for a 480-pixel cover
 * instead of 570) for files under 10% larger: a first visit waits for these renders.
 */
function encode(image: Sharp, format: CourseImageFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: 2 });
    case 'webp':
      return image.webp({ quality: 80 });
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true, progressive: true });
  }
}

/**
 * Course covers (issue 18): the SVG made from the course's title and category, rasterised with
 * sharp (libvips and librsvg, shipped as npm packages) to AVIF, WebP and JPEG at each width on
 * first request, then served from memory or from `cacheDir` (kept across restarts). Renders
 * run one at a time: an AVIF takes a few hundred milliseconds of a CPU, and a page of new cards
 * must not take every core from the requests around it. A cover uploaded in the back office
 * (issue 32) replaces the drawn one: cropped to 16:9 at each width, under its upload's version.
 */
export function createCourseImages(options: {
  catalog: Pick<CatalogService, 'coverFacts' | 'coverUpload' | 'onChange'>;
  /** Where rendered files are kept; null keeps them in memory only. */
  cacheDir: string | null;
  log: FastifyBaseLogger;
}) {
  const { catalog, cacheDir, log } = options;
  const facts = createExpiringCache<number, CourseCoverFacts | null>({
    ttlMs: FACTS_TTL_MS,
    maxEntries: 50_000,
  });
  // A course edited anywhere (its title, its cover, its status) is read again at once.
  catalog.onChange(() => facts.clear());
  const memory = new Map<string, Buffer>();
  let memoryBytes = 0;
  const inFlight = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();

  const remember = (key: string, body: Buffer) => {
    const previous = memory.get(key);
    if (previous) {
      memory.delete(key);
      memoryBytes -= previous.length;
    }
    memory.set(key, body);
    memoryBytes += body.length;
    for (const [oldest, value] of memory) {
      if (memoryBytes <= MEMORY_BUDGET_BYTES) break;
      memory.delete(oldest);
      memoryBytes -= value.length;
    }
  };

  /** One render at a time, whatever the number of waiting requests. */
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  async function factsOf(courseId: number): Promise<CourseCoverFacts | null> {
    const cached = facts.get(courseId);
    if (cached !== undefined) return cached;
    // Only a published, public course has a cover (null otherwise).
    const found = await catalog.coverFacts(courseId);
    facts.set(courseId, found);
    return found;
  }

  async function readCached(file: string): Promise<Buffer | null> {
    if (!cacheDir) return null;
    try {
      return await readFile(path.join(cacheDir, file));
    } catch {
      return null;
    }
  }

  async function writeCached(file: string, body: Buffer): Promise<void> {
    if (!cacheDir) return;
    try {
      await mkdir(cacheDir, { recursive: true });
      // Written aside and renamed, so another instance never reads half a file.
      const partial = path.join(cacheDir, `${file}.${randomBytes(6).toString('hex')}.partial`);
      await writeFile(partial, body);
      await rename(partial, path.join(cacheDir, file));
    } catch (error) {
      log.warn({ err: error, file }, 'course image not cached on disk');
    }
  }

  async function render(svg: string, width: CourseImageWidth, format: CourseImageFormat): Promise<Buffer> {
    // Rendered at the target size (not scaled down from the artboard), so type stays crisp.
    const image = sharp(Buffer.from(svg), { density: (72 * width) / COVER_WIDTH }).resize(
      width,
      courseImageHeight(width),
      { fit: 'fill' },
    );
    return encode(image, format).toBuffer();
  }

  /** An uploaded cover at one width: cropped to the covers' 16:9 around its centre. */
  async function renderUpload(courseId: number, width: CourseImageWidth, format: CourseImageFormat) {
    const upload = await catalog.coverUpload(courseId);
    if (!upload) throw new Error(`course ${courseId} has no uploaded cover`);
    const image = sharp(upload.image).resize(width, courseImageHeight(width), { fit: 'cover' });
    return encode(image, format).toBuffer();
  }

  async function raster(
    courseId: number,
    version: string,
    render: () => Promise<Buffer>,
    width: CourseImageWidth,
    format: CourseImageFormat,
  ): Promise<Buffer> {
    const file = `${courseId}-${version}-${width}.${format}`;
    const kept = memory.get(file);
    if (kept) {
      remember(file, kept);
      return kept;
    }
    let pending = inFlight.get(file);
    if (!pending) {
      pending = (async () => {
        const body = (await readCached(file)) ?? (await serially(render));
        remember(file, body);
        await writeCached(file, body);
        return body;
      })().finally(() => inFlight.delete(file));
      inFlight.set(file, pending);
    }
    return pending;
  }

  return {
    /**
     * The cover of a published, public course in one variant; `moved` when `version` is not the
     * cover's current one; null when there is no such course.
     */
    async image(
      courseId: number,
      version: string,
      variant: CourseImageVariant,
    ): Promise<CourseImageAnswer | null> {
      const cover = await factsOf(courseId);
      if (!cover) return null;
      if (cover.uploadVersion) {
        const current = uploadedCoverVersion(cover.uploadVersion);
        // An uploaded cover has no vector original: its address names the widest JPEG instead.
        const wanted = variant === 'svg' ? { width: 1200 as const, format: 'jpeg' as const } : variant;
        if (version !== current || variant === 'svg')
          return { kind: 'moved', location: courseImagePath(courseId, current, wanted) };
        return {
          kind: 'image',
          body: await raster(
            courseId,
            current,
            () => renderUpload(courseId, wanted.width, wanted.format),
            wanted.width,
            wanted.format,
          ),
          contentType: COURSE_IMAGE_MIME_TYPES[wanted.format],
        };
      }
      const svg = courseCoverSvg(cover);
      const current = courseCoverVersion(svg);
      if (version !== current)
        return { kind: 'moved', location: courseImagePath(courseId, current, variant) };
      if (variant === 'svg') {
        return { kind: 'image', body: Buffer.from(svg), contentType: COURSE_IMAGE_MIME_TYPES.svg };
      }
      return {
        kind: 'image',
        body: await raster(
          courseId,
          current,
          () => render(svg, variant.width, variant.format),
          variant.width,
          variant.format,
        ),
        contentType: COURSE_IMAGE_MIME_TYPES[variant.format],
      };
    },
  };
}

export type CourseImages = ReturnType<typeof createCourseImages>;
