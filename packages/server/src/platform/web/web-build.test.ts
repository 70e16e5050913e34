import { describe, expect, it } from 'vitest';
import { pageAssetsOf } from './web-build.js';

describe('pageAssetsOf', () => {
  it('preloads the entry’s static imports and links every stylesheet, base styles first', () => {
    const assets = pageAssetsOf(MANIFEST, 'app');
    expect(assets.entry).toBe('/assets/main-1.js');
    expect(assets.modulePreloads).toEqual(['/assets/app-2.js', '/assets/ui-3.js']);
    // A module's imports' styles before its own (the UI library's base, then the app's
    // overrides), then the pages' own.
    expect(assets.stylesheets).toEqual([
      '/assets/ui-3.css',
      '/assets/app-2.css',
      '/assets/main-1.css',
      '/assets/cart-4.css',
      '/assets/islands-5.css',
    ]);
  });

  it('gives an island page the islands entry and its imports, with the same stylesheets', () => {
    const assets = pageAssetsOf(MANIFEST, 'islands');
    expect(assets.entry).toBe('/assets/islands-5.js');
    expect(assets.modulePreloads).toEqual(['/assets/ui-3.js']);
    expect(assets.stylesheets).toEqual(pageAssetsOf(MANIFEST, 'app').stylesheets);
  });

  it('preloads the modules of the page’s islands and theirs, once each, after the entry’s', () => {
    const assets = pageAssetsOf(MANIFEST, 'islands', ['src/features/cart/cart-view.tsx', 'src/missing.tsx']);
    expect(assets.entry).toBe('/assets/islands-5.js');
    expect(assets.modulePreloads).toEqual(['/assets/ui-3.js', '/assets/cart-view-6.js', '/assets/app-2.js']);
  });

  it('links the build’s one stylesheet when CSS is not split per chunk', () => {
    const assets = pageAssetsOf(
      {
        'src/main.tsx': { file: 'assets/main-1.js', isEntry: true, imports: ['_ui.js'] },
        '_ui.js': { file: 'assets/ui-3.js' },
        'src/features/cart/cart-view.tsx': {
          file: 'assets/cart-view-6.js',
          imports: ['_ui.js', '_app.js'],
        },
        'src/islands.tsx': { file: 'assets/islands-5.js', isEntry: true },
        'style.css': { file: 'assets/style-6.css', src: 'style.css' },
      },
      'islands',
    );
    expect(assets.stylesheets).toEqual(['/assets/style-6.css']);
    expect(assets.entry).toBe('/assets/islands-5.js');
  });

  it('refuses a manifest without the browser entry', () => {
    expect(() => pageAssetsOf({}, 'app')).toThrow(/src\/main.tsx/);
    expect(() => pageAssetsOf({}, 'islands')).toThrow(/src\/islands.tsx/);
  });
});

const MANIFEST = {
  'src/main.tsx': {
    file: 'assets/main-1.js',
    isEntry: true,
    imports: ['_app.js'],
    css: ['assets/main-1.css'],
  },
  '_app.js': { file: 'assets/app-2.js', imports: ['_ui.js'], css: ['assets/app-2.css'] },
  '_ui.js': { file: 'assets/ui-3.js', css: ['assets/ui-3.css'] },
  'src/features/cart/cart-page.tsx': {
    file: 'assets/cart-4.js',
    imports: ['_app.js'],
    css: ['assets/cart-4.css'],
  },
  'src/features/cart/cart-view.tsx': {
    file: 'assets/cart-view-6.js',
    imports: ['_ui.js', '_app.js'],
  },
  'src/islands.tsx': {
    file: 'assets/islands-5.js',
    isEntry: true,
    imports: ['_ui.js'],
    css: ['assets/islands-5.css'],
  },
};
