import { createHash } from 'node:crypto';
import { COURSE_IMAGE_DEFAULT_WIDTH, courseImagePath } from '@lectern/domain';

/** What a course's cover shows: its title, set in type over its category's palette and pattern. */
export interface CoverFacts {
  id: number;
  title: string;
  /** The primary category's title ("Development"): it picks the palette and pattern. */
  category: string;
}

/** The artboard; rasters are rendered from it at each width. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

/**
 * Bumped when the rasterising settings change (formats, quality) without the SVG changing, so
 * every address changes with them: a year-long cached file is never replaced under its name.
 */
const RASTER_SETTINGS_VERSION = 'r1';

type PatternName = 'code' | 'bars' | 'circles' | 'circuit' | 'rings' | 'peaks' | 'aperture' | 'waves';

interface Palette {
  /** Gradient start and end: dark enough for white type (contrast ≥ 4.5 against the scrim). */
  from: string;
  to: string;
  /** The label, the bar and the pattern's strokes. */
  accent: string;
  pattern: PatternName;
}

// The demo catalog's categories each get a look of their own; any other category gets one of
// these chosen by a hash of its title, so it is still stable from one render to the next.
const CATEGORY_PALETTES: Record<string, Palette> = {
  Development: { from: '#1e1b4b', to: '#4c1d95', accent: '#67e8f9', pattern: 'code' },
  Business: { from: '#0c2340', to: '#115e59', accent: '#fbbf24', pattern: 'bars' },
  Design: { from: '#581c87', to: '#9d174d', accent: '#fdba74', pattern: 'circles' },
  'IT & Software': { from: '#0f172a', to: '#1e40af', accent: '#7dd3fc', pattern: 'circuit' },
  Marketing: { from: '#7f1d1d', to: '#9a3412', accent: '#fde68a', pattern: 'rings' },
  'Personal Development': { from: '#064e3b', to: '#166534', accent: '#bef264', pattern: 'peaks' },
  'Photography & Video': { from: '#1c1917', to: '#78350f', accent: '#fcd34d', pattern: 'aperture' },
  Music: { from: '#3b0764', to: '#831843', accent: '#f9a8d4', pattern: 'waves' },
};
const FALLBACK_PALETTES = Object.values(CATEGORY_PALETTES);

/** FNV-1a, 32 bits: a stable seed from text. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small deterministic generator, so one course always gets the same picture. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paletteOf(category: string): Palette {
  return CATEGORY_PALETTES[category] ?? FALLBACK_PALETTES[hash32(category) % FALLBACK_PALETTES.length]!;
}

// Control characters are exactly what this matches.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Text for XML: the five special characters escaped, and the characters XML 1.0 cannot hold at
 * all (C0 controls but tab and newlines, lone surrogates, U+FFFE/U+FFFF) dropped, so any title
 * gives a well-formed document.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * A character's advance in bold sans type, in ems. Generous on purpose: the rasteriser's font
 * (DejaVu Sans Bold) is among the widest, and a line that is too short is only a little airy,
 * while one that is too long runs off the picture.
 */
function advance(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  // CJK, kana, Hangul and full-width forms take a full em.
  if (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    code >= 0x20000
  )
    return 1;
  if (char === ' ') return 0.35;
  if (/[fijlrtI.,;:!'|()[\]]/.test(char)) return 0.42;
  if (/[mwMW@%]/.test(char)) return 1;
  if (/[A-Z0-9&#]/.test(char)) return 0.8;
  return 0.7;
}

const widthOf = (text: string, size: number) =>
  [...text].reduce((sum, char) => sum + advance(char), 0) * size;

/** Greedy line breaking at spaces; a word wider than a line (CJK text has no spaces) is cut by characters. */
function wrap(title: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate, size) <= maxWidth) {
      line = candidate;
      return;
    }
    if (line) lines.push(line);
    line = '';
    if (widthOf(word, size) <= maxWidth) {
      line = word;
      return;
    }
    for (const char of word) {
      if (widthOf(line + char, size) > maxWidth && line) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  };
  for (const word of title.split(/\s+/).filter(Boolean)) push(word);
  if (line) lines.push(line);
  return lines;
}

const MARGIN = 80;
const TITLE_SIZES = [88, 76, 66, 58, 50];
const MAX_LINES = 3;

/** The largest type at which the title fits in three lines; the smallest, cut with an ellipsis, otherwise. */
function titleLines(title: string): { size: number; lines: string[] } {
  const maxWidth = COVER_WIDTH - 2 * MARGIN;
  for (const size of TITLE_SIZES) {
    const lines = wrap(title, size, maxWidth);
    if (lines.length <= MAX_LINES) return { size, lines };
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  const lines = wrap(title, size, maxWidth).slice(0, MAX_LINES);
  let last = lines[MAX_LINES - 1]!;
  while (last && widthOf(`${last}…`, size) > maxWidth) last = [...last].slice(0, -1).join('').trimEnd();
  lines[MAX_LINES - 1] = `${last}…`;
  return { size, lines };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The category's motif, placed by the course's own random numbers (so covers in a row differ). */
function pattern(name: PatternName, accent: string, random: () => number): string {
  const stroke = `stroke="${accent}" fill="none" stroke-linecap="round"`;
  const parts: string[] = [];
  switch (name) {
    case 'code': {
      // Indented lines of "code" at the right, with a pair of brackets.
      const indent = [0, 1, 2, 2, 1, 2, 1, 0];
      indent.forEach((level, row) => {
        const width = 80 + random() * 220;
        const x = 660 + level * 44;
        parts.push(
          `<rect x="${x}" y="${70 + row * 44}" width="${round(width)}" height="16" rx="8" fill="${accent}" opacity="${round(0.35 + random() * 0.4)}"/>`,
        );
      });
      parts.push(
        `<path d="M620 60 L580 130 L620 200 M1140 60 L1180 130 L1140 200" ${stroke} stroke-width="10"/>`,
      );
      break;
    }
    case 'bars': {
      // A rising bar chart with a trend line.
      const count = 7;
      let height = 40 + random() * 40;
      const tops: [number, number][] = [];
      for (let i = 0; i < count; i += 1) {
        const x = 640 + i * 76;
        height += 15 + random() * 35;
        tops.push([x + 24, 430 - height]);
        parts.push(
          `<rect x="${x}" y="${round(430 - height)}" width="48" height="${round(height)}" rx="6" fill="${accent}" opacity="0.55"/>`,
        );
      }
      parts.push(
        `<polyline points="${tops.map(([x, y]) => `${x},${round(y - 30)}`).join(' ')}" ${stroke} stroke-width="8"/>`,
      );
      break;
    }
    case 'circles': {
      for (let i = 0; i < 6; i += 1) {
        const r = 60 + random() * 140;
        parts.push(
          `<circle cx="${round(700 + random() * 420)}" cy="${round(80 + random() * 360)}" r="${round(r)}" fill="${accent}" opacity="${round(0.12 + random() * 0.25)}"/>`,
        );
      }
      break;
    }
    case 'circuit': {
      // Traces on a grid, each ending in a pad.
      for (let i = 0; i < 9; i += 1) {
        const y = 60 + i * 48;
        const x1 = 640 + Math.floor(random() * 5) * 48;
        const x2 = x1 + 96 + Math.floor(random() * 6) * 48;
        const bend = y + (random() < 0.5 ? -48 : 48);
        parts.push(
          `<polyline points="${x1},${y} ${x2},${y} ${x2 + 48},${bend}" ${stroke} stroke-width="6"/>`,
        );
        parts.push(`<circle cx="${x2 + 48}" cy="${bend}" r="12" fill="${accent}"/>`);
      }
      break;
    }
    case 'rings': {
      const cx = round(960 + random() * 120);
      const cy = round(140 + random() * 120);
      for (let i = 1; i <= 6; i += 1) {
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="${i * 64}" ${stroke} stroke-width="${14 - i}" opacity="${round(1 - i * 0.13)}"/>`,
        );
      }
      parts.push(`<circle cx="${cx}" cy="${cy}" r="28" fill="${accent}"/>`);
      break;
    }
    case 'peaks': {
      // Two ranges of mountains and a sun.
      for (const [base, opacity] of [
        [520, 0.3],
        [600, 0.5],
      ] as const) {
        let x = 560;
        const points = [`${x},${base}`];
        while (x < COVER_WIDTH) {
          x += 80 + random() * 90;
          points.push(`${round(x)},${round(base - 120 - random() * 200)}`);
          x += 80 + random() * 90;
          points.push(`${round(x)},${round(base - random() * 60)}`);
        }
        points.push(`${COVER_WIDTH},${COVER_HEIGHT}`, `560,${COVER_HEIGHT}`);
        parts.push(`<polygon points="${points.join(' ')}" fill="${accent}" opacity="${opacity}"/>`);
      }
      parts.push(
        `<circle cx="${round(900 + random() * 200)}" cy="${round(110 + random() * 60)}" r="54" fill="${accent}" opacity="0.8"/>`,
      );
      break;
    }
    case 'aperture': {
      const cx = round(940 + random() * 80);
      const cy = round(250 + random() * 60);
      const turn = random() * 60;
      for (let i = 0; i < 6; i += 1) {
        const angle = ((turn + i * 60) * Math.PI) / 180;
        const x = round(cx + Math.cos(angle) * 150);
        const y = round(cy + Math.sin(angle) * 150);
        parts.push(
          `<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}" ${stroke} stroke-width="8" opacity="0.7"/>`,
        );
      }
      parts.push(`<circle cx="${cx}" cy="${cy}" r="210" ${stroke} stroke-width="14"/>`);
      parts.push(`<circle cx="${cx}" cy="${cy}" r="70" fill="${accent}" opacity="0.35"/>`);
      break;
    }
    case 'waves': {
      for (let i = 0; i < 5; i += 1) {
        const y = 120 + i * 70;
        const amplitude = 30 + random() * 50;
        const phase = random() * 120;
        const start = 440 + phase;
        let d = `M${round(start)} ${y}`;
        // Each step is one crest and one trough, 240 units wide.
        for (let x = start; x < COVER_WIDTH + 120; x += 240) d += ` q60 ${round(-amplitude)} 120 0 t120 0`;
        parts.push(`<path d="${d}" ${stroke} stroke-width="7" opacity="${round(0.35 + i * 0.12)}"/>`);
      }
      break;
    }
  }
  return parts.join('');
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/**
 * The course's cover as a standalone SVG document (1200×675): its category's gradient and
 * motif, the category above an accent bar, and the title in large white type over a dark
 * scrim. The same facts always give the same bytes.
 */
export function courseCoverSvg(facts: CoverFacts): string {
  const palette = paletteOf(facts.category);
  const random = seededRandom(hash32(`${facts.id}:${facts.title}`));
  const angle = Math.round(random() * 40);
  const title = facts.title.trim() || '…';
  const { size, lines } = titleLines(title);
  const lineHeight = Math.round(size * 1.15);
  const lastBaseline = COVER_HEIGHT - 96;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight;
  const label = facts.category.toUpperCase();
  const tspans = lines
    .map((line, i) => `<tspan x="${MARGIN}" y="${firstBaseline + i * lineHeight}">${xmlText(line)}</tspan>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img">` +
    `<title>${xmlText(title)}</title>` +
    '<defs>' +
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>` +
    '<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>' +
    '</defs>' +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>` +
    `<g opacity="0.6">${pattern(palette.pattern, palette.accent, random)}</g>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#scrim)"/>` +
    `<text x="${MARGIN}" y="112" font-family="${FONT}" font-size="32" font-weight="700" letter-spacing="4" fill="${palette.accent}">${xmlText(label)}</text>` +
    `<rect x="${MARGIN}" y="136" width="96" height="8" rx="4" fill="${palette.accent}"/>` +
    `<text font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${tspans}</text>` +
    '</svg>'
  );
}

/** The cover's version: a hash of its SVG and of the raster settings (what its files show). */
export function courseCoverVersion(svg: string): string {
  return createHash('sha256').update(RASTER_SETTINGS_VERSION).update(svg).digest('base64url').slice(0, 12);
}

// Every course list names each card's cover: drawing and hashing the SVG each time cost
// ~0.14 ms a card. A cover depends only on these facts, so its URL is kept per facts.
const coverUrls = new Map<string, string>();
const MAX_COVER_URLS = 50_000;

/**
 * The address segment of an uploaded cover's version: `u` and the upload's own version, so it
 * never equals a drawn cover's hash and changes with every upload.
 */
export const uploadedCoverVersion = (uploadVersion: string) => `u${uploadVersion}`;

/**
 * The course's `image_url`: the default-width JPEG under the cover's current version (the
 * uploaded cover's when there is one, else the drawn cover's).
 */
export function courseCoverUrl(facts: CoverFacts & { uploadVersion?: string | null }): string {
  if (facts.uploadVersion) {
    return courseImagePath(facts.id, uploadedCoverVersion(facts.uploadVersion), {
      width: COURSE_IMAGE_DEFAULT_WIDTH,
      format: 'jpeg',
    });
  }
  const key = `${facts.id}\u0000${facts.title}\u0000${facts.category}`;
  const known = coverUrls.get(key);
  if (known) return known;
  const version = courseCoverVersion(courseCoverSvg(facts));
  const url = courseImagePath(facts.id, version, { width: COURSE_IMAGE_DEFAULT_WIDTH, format: 'jpeg' });
  if (coverUrls.size >= MAX_COVER_URLS) coverUrls.clear();
  coverUrls.set(key, url);
  return url;
}
