import { describe, expect, it } from 'vitest';
import { isKnownPagePath, safeNextPath } from './page-routes.js';

describe('isKnownPagePath', () => {
  it('knows the app pages', () => {
    expect(isKnownPagePath('/')).toBe(true);
    expect(isKnownPagePath('/join/login-popup/')).toBe(true);
    expect(isKnownPagePath('/nowhere/')).toBe(false);
  });
});

describe('safeNextPath', () => {
  it('keeps local paths and refuses other sites', () => {
    expect(safeNextPath('/cart/?x=1')).toBe('/cart/?x=1');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});
