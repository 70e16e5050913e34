import { parseCourseImageVariant } from '@lectern/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { courseCoverSvg, courseCoverUrl, courseCoverVersion, xmlText } from './course-cover-svg.js';

const typescript = { id: 1, title: 'TypeScript from First Principles', category: 'Development' };

/** librsvg (through sharp) parses the document with libxml2: a malformed one is refused. */
const rendered = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

const titleLines = (svg: string) =>
  [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]);

describe('courseCoverSvg', () => {
  it('gives the same course the same bytes, and another course or title another picture', () => {
    const svg = courseCoverSvg(typescript);
    expect(courseCoverSvg({ ...typescript })).toBe(svg);
    expect(courseCoverVersion(courseCoverSvg({ ...typescript }))).toBe(courseCoverVersion(svg));
    expect(courseCoverSvg({ ...typescript, id: 2 })).not.toBe(svg);
    expect(
      courseCoverVersion(courseCoverSvg({ ...typescript, title: 'TypeScript, Second Edition' })),
    ).not.toBe(courseCoverVersion(svg));
  });

  it("takes its palette from the course's category", () => {
    const gradient = (svg: string) => /<linearGradient id="bg"[^>]*>(.*?)<\/linearGradient>/.exec(svg)?.[1];
    const development = gradient(courseCoverSvg(typescript));
    expect(gradient(courseCoverSvg({ ...typescript, id: 2, title: 'Rust' }))).toBe(development);
    expect(gradient(courseCoverSvg({ ...typescript, category: 'Business' }))).not.toBe(development);
    // A category of no demo palette still gets one, the same each time.
    const other = gradient(courseCoverSvg({ ...typescript, category: 'Cooking' }));
    expect(other).toBeTruthy();
    expect(gradient(courseCoverSvg({ ...typescript, id: 9, category: 'Cooking' }))).toBe(other);
  });

  it('sets the title and the category in type', () => {
    const svg = courseCoverSvg(typescript);
    expect(titleLines(svg).join(' ')).toBe('TypeScript from First Principles');
    expect(svg).toContain('>DEVELOPMENT</text>');
    expect(svg).toContain('<title>TypeScript from First Principles</title>');
  });

  it('escapes a title with &, < and " into a well-formed document', async () => {
    const title = 'Tips & <Tricks> for "quoted" \'strings\'';
    const svg = courseCoverSvg({ id: 3, title, category: 'R&D <Lab>' });
    expect(svg).toContain('Tips &amp; &lt;Tricks&gt; for &quot;quoted&quot; &apos;strings&apos;');
    expect(svg).toContain('R&amp;D &lt;LAB&gt;');
    expect(svg).not.toContain('<Tricks>');
    const png = await sharp(await rendered(svg)).metadata();
    expect([png.width, png.height]).toEqual([1200, 675]);
    // The same parser refuses the text unescaped, so the check above means something.
    await expect(
      rendered(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${title}</text></svg>`),
    ).rejects.toThrow();
  });

  it('drops characters XML cannot hold', async () => {
    expect(xmlText('a\u0001b\u001Fc\uFFFEd\uD800e')).toBe('abcde');
    expect(xmlText('emoji 🎸 stays')).toBe('emoji 🎸 stays');
    await expect(
      rendered(courseCoverSvg({ id: 4, title: 'Bell\u0007 & tab\u0008', category: 'Music' })),
    ).resolves.toBeTruthy();
  });

  it('keeps a long title to three lines, cut with an ellipsis', () => {
    const title = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const lines = titleLines(courseCoverSvg({ id: 5, title, category: 'Business' }));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    // A title without spaces (Japanese) is cut between characters.
    const japanese = titleLines(courseCoverSvg({ id: 6, title: 'は'.repeat(40), category: 'Music' }));
    expect(japanese.length).toBeGreaterThan(1);
    expect(japanese.join('')).toBe('は'.repeat(40));
  });
});

describe('courseCoverUrl', () => {
  it('names the default JPEG under the version of what the cover shows', () => {
    const url = courseCoverUrl(typescript);
    const version = courseCoverVersion(courseCoverSvg(typescript));
    expect(url).toBe(`/course-images/1/${version}/750.jpg`);
    expect(parseCourseImageVariant(url.split('/').pop()!)).toEqual({ width: 750, format: 'jpeg' });
  });
});
