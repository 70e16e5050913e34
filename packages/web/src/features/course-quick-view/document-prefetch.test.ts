import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentPrefetcher, mayPrefetch } from './document-prefetch';

const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
    href: new URL(link.href).pathname,
    as: link.getAttribute('as'),
  }));

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

describe('mayPrefetch', () => {
  it('prefetches unless the visitor saves data or is on 2G', () => {
    expect(mayPrefetch(undefined)).toBe(true);
    expect(mayPrefetch({})).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });
});

describe('createDocumentPrefetcher', () => {
  it('adds one prefetch link for a page document, once per URL', () => {
    const prefetch = createDocumentPrefetcher(document);
    expect(prefetch('/course/a/')).toBe(true);
    expect(prefetch('/course/a/')).toBe(false);
    expect(prefetch(new URL('/course/a/', document.baseURI).href)).toBe(false);
    expect(prefetch('/course/b/')).toBe(true);
    expect(prefetchLinks()).toEqual([
      { href: '/course/a/', as: 'document' },
      { href: '/course/b/', as: 'document' },
    ]);
  });

  it('never prefetches the page the visitor is on', () => {
    const prefetch = createDocumentPrefetcher(document);
    expect(prefetch(document.location.href)).toBe(false);
    expect(prefetchLinks()).toEqual([]);
  });
});
