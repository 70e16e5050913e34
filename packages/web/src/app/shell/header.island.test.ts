import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The header's interactive parts may be hydrated as islands on public pages (app/islands),
 * where neither Mantine's JavaScript, React Router nor zod is loaded: their modules import
 * none of them. (A static check of each file's own imports; what they import from the app
 * must follow the same rule.)
 */
const ISLAND_SAFE_FILES = [
  './user-menu.tsx',
  './cart-link.tsx',
  './use-cart-count.ts',
  '../../features/search/header-search.tsx',
  '../../features/search/search-api.ts',
  '../../features/auth/use-logout.ts',
  '../../features/auth/auth-api.ts',
];

const FORBIDDEN = /^(?:@mantine\/|react-router(?:-dom)?(?:\/|$)|zod(?:\/|$))/;

/** Every module specifier the source imports or re-exports, `import()` included. */
function importedModules(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/\b(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s*)?['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...source.matchAll(/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((match) => match[1]!);
}

describe('the header islands', () => {
  it.each(ISLAND_SAFE_FILES)('%s imports nothing from Mantine, React Router or zod', (file) => {
    const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
    const modules = importedModules(source);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((name) => FORBIDDEN.test(name))).toEqual([]);
  });

  it('would catch a forbidden import', () => {
    const source = [
      "import { Button } from '@mantine/core';",
      "import type { z } from 'zod';",
      "import {\n  Link,\n  useNavigate,\n} from 'react-router';",
      "export { x } from 'zod/mini';",
      "const lazy = import('@mantine/dates');",
      "import { ok } from 'react-intl';",
    ].join('\n');
    expect(importedModules(source).filter((name) => FORBIDDEN.test(name))).toEqual([
      '@mantine/core',
      'zod',
      'react-router',
      'zod/mini',
      '@mantine/dates',
    ]);
  });
});
