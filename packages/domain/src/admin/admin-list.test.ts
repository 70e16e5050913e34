import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminFilter, adminListQuerySchema, adminPageOffset, parseAdminSort } from './admin-list.js';

const schema = adminListQuerySchema(
  ['created', 'total'],
  { status: adminFilter(z.enum(['paid', 'failed'])) },
  '-created',
);

describe('admin list query', () => {
  it('fills the defaults', () => {
    expect(schema.parse({})).toEqual({
      q: '',
      page: 1,
      page_size: 25,
      sort: { field: 'created', descending: true },
    });
  });

  it('reads sort, paging and filters from query text', () => {
    expect(
      schema.parse({ q: ' a@b.c ', page: '3', page_size: '100', sort: 'total', status: 'paid' }),
    ).toEqual({
      q: 'a@b.c',
      page: 3,
      page_size: 100,
      sort: { field: 'total', descending: false },
      status: 'paid',
    });
    expect(schema.parse({ sort: '', status: '' })).toEqual(
      expect.objectContaining({ sort: { field: 'created', descending: true } }),
    );
    expect(schema.parse({ status: '' }).status).toBeUndefined();
  });

  it('refuses unknown sorts, oversized pages and unknown filter values', () => {
    expect(schema.safeParse({ sort: 'email' }).success).toBe(false);
    expect(schema.safeParse({ sort: '--total' }).success).toBe(false);
    expect(schema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
    expect(schema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(schema.safeParse({ q: 'a\u0000b' }).success).toBe(false);
  });

  it('parses sort values and offsets', () => {
    expect(parseAdminSort('-total', ['created', 'total'])).toEqual({ field: 'total', descending: true });
    expect(parseAdminSort('x', ['created', 'total'])).toBeUndefined();
    expect(adminPageOffset(3, 25)).toBe(50);
  });
});
