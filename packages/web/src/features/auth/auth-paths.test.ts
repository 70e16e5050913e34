import { describe, expect, it } from 'vitest';
import { authPath, returnPathFor } from './auth-paths';

describe('auth paths', () => {
  it('builds auth links that return to a safe next path', () => {
    expect(authPath('login', '/cart/?x=1')).toBe('/join/login-popup/?next=%2Fcart%2F%3Fx%3D1');
    expect(authPath('signup', 'https://evil.example/')).toBe('/join/signup-popup/?next=%2F');
  });

  it('returns to the current page, or to the next an auth page already carries', () => {
    expect(returnPathFor({ pathname: '/cart/', search: '?a=1' })).toBe('/cart/?a=1');
    expect(returnPathFor({ pathname: '/join/login-popup/', search: '?next=%2Fcart%2F' })).toBe('/cart/');
    expect(returnPathFor({ pathname: '/join/signup-popup/', search: '' })).toBe('/');
  });
});
