import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_PAGES,
  isKnownPagePath,
  isServedPagePath,
  planPagesOf,
  PAGE_ROUTES,
  pagePath,
  pageRouteAt,
  safeNextPath,
} from './page-routes.js';

describe('isKnownPagePath', () => {
  it('knows the app pages', () => {
    expect(isKnownPagePath('/')).toBe(true);
    expect(isKnownPagePath('/join/login-popup/')).toBe(true);
    expect(isKnownPagePath('/nowhere/')).toBe(false);
  });

  it('knows the shopping pages, with one segment per parameter', () => {
    for (const path of [
      '/courses/development/',
      '/course/typescript-from-first-principles/',
      '/cart/',
      '/payment/checkout/',
      '/home/my-courses/',
      '/dashboard/credit-history/',
      '/cart/success/7f1c2d3e-aaaa-bbbb-cccc-123456789abc/',
      '/user-manage/payment-settings/',
    ]) {
      expect(isKnownPagePath(path), path).toBe(true);
    }
    expect(isKnownPagePath('/courses/')).toBe(false);
    expect(isKnownPagePath('/course/a/b/')).toBe(false);
    expect(isKnownPagePath('/cart')).toBe(false);
    expect(isKnownPagePath('/courses/development')).toBe(false);
    expect(isKnownPagePath('/cart/success/')).toBe(false);
  });
});

describe('pagePath', () => {
  it('fills and encodes the parameters', () => {
    expect(pagePath('cart')).toBe('/cart/');
    expect(pagePath('category', { category: 'development' })).toBe('/courses/development/');
    expect(pagePath('courseLanding', { slug: 'a b' })).toBe('/course/a%20b/');
    expect(() => pagePath('courseLanding')).toThrow(/slug/);
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

describe('pageRouteAt', () => {
  it('names the page of a path, the most specific route first', () => {
    expect(pageRouteAt('/')).toBe('home');
    expect(pageRouteAt('/course/typescript-from-first-principles/')).toBe('courseLanding');
    expect(pageRouteAt('/courses/search/')).toBe('courseSearch');
    expect(pageRouteAt('/courses/development/')).toBe('category');
  });

  it('is undefined where no page is', () => {
    expect(pageRouteAt('/nope/')).toBeUndefined();
    expect(pageRouteAt('/course/x')).toBeUndefined();
  });
});

describe('isServedPagePath', () => {
  it('serves every known page outside production, and no unknown path anywhere', () => {
    for (const path of ['/', '/dev/clock/', '/dev/mailbox/', '/home/my-courses/', '/course/x/']) {
      expect(isServedPagePath(path, { production: false }), path).toBe(true);
    }
    expect(isServedPagePath('/nowhere/', { production: false })).toBe(false);
    expect(isServedPagePath('/nowhere/', { production: true })).toBe(false);
  });

  it('leaves the developer tools out in production, and only them', () => {
    expect([...DEVELOPMENT_PAGES].map((page) => PAGE_ROUTES[page])).toEqual(['/dev/clock/', '/dev/mailbox/']);
    expect(isServedPagePath('/dev/clock/', { production: true })).toBe(false);
    expect(isServedPagePath('/dev/mailbox/', { production: true })).toBe(false);
    expect(isServedPagePath('/home/my-courses/', { production: true })).toBe(true);
    expect(isServedPagePath('/admin/experiments/', { production: true })).toBe(true);
  });
});

describe('planPagesOf', () => {
  it("sends an organization's plan to its admin area and a learner's to their own page", () => {
    expect(planPagesOf('organization')).toEqual({
      manage: '/organization-manage-v2/settings/subscription/',
      receipt: '/organization-manage-v2/settings/payment/:paymentId/',
    });
    expect(planPagesOf('user')).toEqual({
      manage: '/user/manage-subscriptions/',
      receipt: '/user/manage-subscriptions/receipts/:paymentId/',
    });
  });
});
