import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.brandName).toBe('Lectern');
    expect(config.env).toBe('development');
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/db' });
  });

  it('never seeds demo data in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
  });

  it('names every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT: PORT must be a number/);
      expect(problems).toMatch(/DATABASE_URL: DATABASE_URL must start with postgres/);
      expect(problems).toMatch(/NODE_ENV/);
    }
  });
});
