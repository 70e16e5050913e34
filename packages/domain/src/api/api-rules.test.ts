import { describe, expect, it } from 'vitest';
import { apiPathProblem } from './api-path.js';
import { isApiErrorBody } from './error-contract.js';
import { parseQueryBoolean } from './query-boolean.js';

describe('apiPathProblem', () => {
  it('accepts paths ending in a slash, with or without a query', () => {
    expect(apiPathProblem('/api-2.0/contexts/me/')).toBeNull();
    expect(apiPathProblem('/api-2.0/contexts/me/?me=True')).toBeNull();
  });

  it('rejects a missing trailing slash', () => {
    expect(apiPathProblem('/api-2.0/contexts/me')).toMatch(/must end with "\/"/);
  });

  it('rejects a double slash', () => {
    expect(apiPathProblem('/api-2.0//contexts/me/')).toMatch(/must not contain "\/\/"/);
  });
});

describe('parseQueryBoolean', () => {
  it.each(['1', 'true', 'True', 'on', 'enabled'])('reads %s as true', (word) => {
    expect(parseQueryBoolean(word)).toBe(true);
  });
  it.each(['0', 'false', 'FALSE', 'off', 'disabled'])('reads %s as false', (word) => {
    expect(parseQueryBoolean(word)).toBe(false);
  });
  it('gives undefined for anything else', () => {
    expect(parseQueryBoolean('yes')).toBeUndefined();
    expect(parseQueryBoolean(undefined)).toBeUndefined();
  });
});

describe('isApiErrorBody', () => {
  it('recognises the error contract', () => {
    expect(isApiErrorBody({ detail: 'x', code: 'not_found' })).toBe(true);
    expect(isApiErrorBody({ detail: 'x' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
  });
});
