import { describe, expect, it } from 'vitest';
import { SandboxConfigError, sandboxOptionsFromEnv } from './env.js';

describe('sandboxOptionsFromEnv (npm run gateway)', () => {
  it('listens on loopback by default, reached at localhost', () => {
    expect(sandboxOptionsFromEnv({})).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3001',
    });
  });

  it('listens where SANDBOX_HOST says', () => {
    expect(sandboxOptionsFromEnv({ SANDBOX_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(() => sandboxOptionsFromEnv({ SANDBOX_HOST: ' ' })).toThrow(SandboxConfigError);
  });
});
