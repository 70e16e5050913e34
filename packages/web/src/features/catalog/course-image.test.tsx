import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COURSE_CARD_IMAGE_SIZES, CourseImage } from './course-image';

const IMAGE = '/course-images/7/AbCdEf012345/750.jpg';
const srcSet = (ext: string) =>
  [240, 480, 750, 1200].map((width) => `/course-images/7/AbCdEf012345/${width}.${ext} ${width}w`).join(', ');

const preloads = () => [
  ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
];

// Other files' pages may have left their preloads in the shared document.
beforeEach(() => {
  for (const link of preloads()) link.remove();
});

describe('CourseImage', () => {
  it('offers AVIF, then WebP, then JPEG at every width, with its size set and lazily below the fold', () => {
    const { container } = render(<CourseImage imageUrl={IMAGE} alt="" sizes={COURSE_CARD_IMAGE_SIZES} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset')])).toEqual([
      ['image/avif', srcSet('avif')],
      ['image/webp', srcSet('webp')],
    ]);
    for (const source of sources) expect(source.getAttribute('sizes')).toBe(COURSE_CARD_IMAGE_SIZES);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(IMAGE);
    expect(img.getAttribute('srcset')).toBe(srcSet('jpg'));
    expect(img.getAttribute('sizes')).toBe(COURSE_CARD_IMAGE_SIZES);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['750', '422']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
    // Next to its title, the picture is decorative.
    expect(img.getAttribute('alt')).toBe('');
    expect(preloads()).toEqual([]);
  });

  it('fetches the largest picture of the page first: not lazy, high priority, preloaded from the head', () => {
    const { container } = render(
      <CourseImage imageUrl={IMAGE} alt="Course cover: Rust" sizes="100vw" priority="lcp" />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('decoding')).toBe('auto');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('alt')).toBe('Course cover: Rust');
    const [preload] = preloads();
    expect(preload?.getAttribute('type')).toBe('image/avif');
    expect(preload?.getAttribute('imagesrcset')).toBe(srcSet('avif'));
    expect(preload?.getAttribute('imagesizes')).toBe('100vw');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
  });

  it('loads the rest of the first row at once, without claiming the top priority', () => {
    const { container } = render(<CourseImage imageUrl={IMAGE} alt="" sizes="100vw" priority="eager" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
    expect(preloads()).toEqual([]);
  });

  it('shows an image from elsewhere as it is, and a box of the same shape without one', () => {
    const foreign = render(<CourseImage imageUrl="https://cdn.example.com/3.jpg" alt="" sizes="100vw" />);
    expect(foreign.container.querySelectorAll('source')).toHaveLength(0);
    const img = foreign.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/3.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('width')).toBe('750');

    const none = render(<CourseImage imageUrl={null} alt="" sizes="100vw" />);
    expect(none.container.querySelector('img')).toBeNull();
    expect(none.container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
