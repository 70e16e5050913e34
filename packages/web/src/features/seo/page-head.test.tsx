import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { userContext } from '../../test-utils/fake-server';
import { testProviders } from '../../test-utils/render';
import { openGraphLocale, PageHead, PageTitle } from './page-head';
import { publicOrigin } from './public-origin';

const SITE = 'https://learn.example.com';

function renderInApp(ui: ReactNode) {
  const context = userContext();
  context.Config = { ...context.Config!, urls: { root: `${SITE}/`, help: `${SITE}/support/` } };
  const { Providers } = testProviders({ fetch: globalThis.fetch, context });
  return render(<Providers>{ui}</Providers>);
}

const meta = (attribute: 'name' | 'property', key: string) =>
  document.head.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute('content');

describe('PageHead', () => {
  it('puts the title with the brand, the description, the canonical URL and the link preview tags in the head', () => {
    const { unmount } = renderInApp(
      <PageHead
        title="Rust for Systems Programmers"
        description="Memory safety without a garbage collector."
        path="/course/rust/"
        image={{ url: '/course-images/6/v/1200.jpg', width: 1200, height: 675, alt: 'Course cover: Rust' }}
      />,
    );
    expect(document.title).toBe('Rust for Systems Programmers | Lectern');
    expect(meta('name', 'description')).toBe('Memory safety without a garbage collector.');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/course/rust/`,
    );
    expect(meta('property', 'og:type')).toBe('website');
    expect(meta('property', 'og:site_name')).toBe('Lectern');
    expect(meta('property', 'og:title')).toBe('Rust for Systems Programmers');
    expect(meta('property', 'og:description')).toBe('Memory safety without a garbage collector.');
    expect(meta('property', 'og:url')).toBe(`${SITE}/course/rust/`);
    expect(meta('property', 'og:locale')).toBe('en_US');
    // Previews need absolute addresses.
    expect(meta('property', 'og:image')).toBe(`${SITE}/course-images/6/v/1200.jpg`);
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:height')).toBe('675');
    expect(meta('property', 'og:image:alt')).toBe('Course cover: Rust');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:title')).toBe('Rust for Systems Programmers');
    expect(meta('name', 'twitter:description')).toBe('Memory safety without a garbage collector.');
    expect(meta('name', 'twitter:image')).toBe(`${SITE}/course-images/6/v/1200.jpg`);

    unmount();
    // Leaving the page takes its tags away (the next page brings its own).
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(meta('property', 'og:title')).toBeUndefined();
  });

  it('makes a small card without a picture, and names the brand alone for a page without a title', () => {
    const { unmount } = renderInApp(<PageHead description="Courses for everyone." path="/" />);
    expect(document.title).toBe('Lectern');
    expect(meta('property', 'og:title')).toBe('Lectern');
    expect(meta('name', 'twitter:card')).toBe('summary');
    expect(meta('property', 'og:image')).toBeUndefined();
    expect(meta('name', 'twitter:image')).toBeUndefined();
    unmount();
  });

  it('renders one title and nothing else for a passing state', () => {
    const { unmount } = renderInApp(<PageTitle title="Course" />);
    expect(document.title).toBe('Course | Lectern');
    const titles = [...document.head.querySelectorAll('title')].filter(
      (title) => title.text === 'Course | Lectern',
    );
    expect(titles).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    unmount();
  });
});

describe('openGraphLocale', () => {
  it('writes language_TERRITORY, with the usual territory for a bare language', () => {
    expect(openGraphLocale('en-US')).toBe('en_US');
    expect(openGraphLocale('pt-BR')).toBe('pt_BR');
    expect(openGraphLocale('ja')).toBe('ja_JP');
    expect(openGraphLocale('es')).toBe('es_ES');
    expect(openGraphLocale('es-419')).toBe('es_ES');
    expect(openGraphLocale('fr')).toBe('fr');
  });
});

describe('publicOrigin', () => {
  it("takes the configured root, resolved against the page's address, else the page's own origin", () => {
    expect(publicOrigin(`${SITE}/`, 'http://127.0.0.1:3000/course/x/')).toBe(SITE);
    expect(publicOrigin('/', 'http://localhost:3000/course/x/')).toBe('http://localhost:3000');
    expect(publicOrigin(undefined, 'http://localhost:3000/x/')).toBe('http://localhost:3000');
    // On the server the root is absolute; a relative one without a page address gives nothing.
    expect(publicOrigin(`${SITE}/`, undefined)).toBe(SITE);
    expect(publicOrigin('/', undefined)).toBe('');
  });
});
