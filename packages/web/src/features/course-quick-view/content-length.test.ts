import { describe, expect, it } from 'vitest';
import { contentLength } from './content-length';

describe('contentLength', () => {
  it('says minutes under an hour', () => {
    expect(contentLength(0.4)).toEqual({ unit: 'minutes', value: 1 });
    expect(contentLength(1)).toEqual({ unit: 'minutes', value: 1 });
    expect(contentLength(45)).toEqual({ unit: 'minutes', value: 45 });
    expect(contentLength(59.4)).toEqual({ unit: 'minutes', value: 59 });
  });

  it('says hours to the half hour from an hour up', () => {
    expect(contentLength(59.5)).toEqual({ unit: 'hours', value: 1 });
    expect(contentLength(60)).toEqual({ unit: 'hours', value: 1 });
    expect(contentLength(74)).toEqual({ unit: 'hours', value: 1 });
    expect(contentLength(75)).toEqual({ unit: 'hours', value: 1.5 });
    expect(contentLength(754)).toEqual({ unit: 'hours', value: 12.5 });
  });

  it('says nothing of a course without a length', () => {
    expect(contentLength(0)).toBeNull();
    expect(contentLength(-5)).toBeNull();
    expect(contentLength(Number.NaN)).toBeNull();
  });
});
