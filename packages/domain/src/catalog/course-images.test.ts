import { describe, expect, it } from 'vitest';
import {
  COURSE_IMAGE_FORMATS,
  COURSE_IMAGE_WIDTHS,
  courseImageHeight,
  courseImagePath,
  courseImageVariantUrl,
  parseCourseImageVariant,
} from './course-images.js';

describe('course image addresses', () => {
  it('round-trip every width and format through the file name', () => {
    for (const width of COURSE_IMAGE_WIDTHS) {
      for (const format of COURSE_IMAGE_FORMATS) {
        const path = courseImagePath(12, 'v1', { width, format });
        expect(parseCourseImageVariant(path.split('/').pop()!)).toEqual({ width, format });
      }
    }
    expect(courseImagePath(12, 'v1', { width: 480, format: 'jpeg' })).toBe('/course-images/12/v1/480.jpg');
    expect(courseImagePath(12, 'v1', 'svg')).toBe('/course-images/12/v1/cover.svg');
    expect(parseCourseImageVariant('cover.svg')).toBe('svg');
  });

  it('refuse widths and formats that are not rendered', () => {
    for (const file of ['300.jpg', '480.png', '480.jpeg', '480', 'cover.png', '../480.jpg', '0480.jpg']) {
      expect(parseCourseImageVariant(file), file).toBeNull();
    }
  });

  it("derive another variant from one of ours, relative or absolute, and nothing from anyone else's", () => {
    expect(courseImageVariantUrl('/course-images/3/Ab_-9/750.jpg', 240, 'avif')).toBe(
      '/course-images/3/Ab_-9/240.avif',
    );
    expect(courseImageVariantUrl('https://learn.example.com/course-images/3/x/750.jpg', 1200, 'jpeg')).toBe(
      'https://learn.example.com/course-images/3/x/1200.jpg',
    );
    expect(courseImageVariantUrl('https://cdn.example.com/covers/3.jpg', 240, 'webp')).toBeNull();
  });

  it('are 16:9', () => {
    expect(COURSE_IMAGE_WIDTHS.map(courseImageHeight)).toEqual([135, 270, 422, 675]);
  });
});
