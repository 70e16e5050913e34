import { describe, expect, it } from 'vitest';
import { expressLink, parseExpressLink } from './express-link';

describe('express checkout links', () => {
  it('name one course and, optionally, a code', () => {
    expect(parseExpressLink('?course_id=42')).toEqual({ courseId: 42, codes: [], gift: false });
    expect(parseExpressLink('?course_id=42&coupon_code=SPRING24')).toEqual({
      courseId: 42,
      codes: ['SPRING24'],
      gift: false,
    });
    expect(parseExpressLink(expressLink(7, 'LECTERN10'))).toBeNull();
    expect(parseExpressLink(new URL(expressLink(7, 'LECTERN10'), 'http://x').search)).toEqual({
      courseId: 7,
      codes: ['LECTERN10'],
      gift: false,
    });
  });

  it('may ask for the course as a gift', () => {
    expect(expressLink(7, null, { gift: true })).toBe('/express/?course_id=7&gift=1');
    expect(parseExpressLink('?course_id=7&gift=1')).toEqual({ courseId: 7, codes: [], gift: true });
    expect(parseExpressLink('?course_id=7&gift=yes')).toMatchObject({ gift: false });
  });

  it('name no course when the id is missing or not an id, and drop a malformed code', () => {
    for (const search of [
      '',
      '?course_id=',
      '?course_id=0',
      '?course_id=-3',
      '?course_id=abc',
      '?course_id=1e3',
      '?course_id=99999999999',
    ]) {
      expect(parseExpressLink(search), search).toBeNull();
    }
    expect(parseExpressLink('?course_id=3&coupon_code=<script>')).toEqual({
      courseId: 3,
      codes: [],
      gift: false,
    });
  });
});
