import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateGraphqlFiles } from './graphql-codegen.js';

describe('generated GraphQL types', () => {
  it('are what `npm run codegen` writes from the current schema and documents', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    for (const [file, content] of Object.entries(await generateGraphqlFiles())) {
      expect(readFileSync(path.join(root, file), 'utf8'), `${file} is stale: run npm run codegen`).toBe(
        content,
      );
    }
  }, 30_000);
});
