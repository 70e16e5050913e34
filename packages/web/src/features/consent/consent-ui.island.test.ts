import { describe, expect, it } from 'vitest';

/**
 * The consent banner and the footer's "Cookie settings" are hydrated as islands on public
 * pages (app/islands), which load neither Mantine, React Router nor zod. A static check of the
 * source: these modules must not import them (the preference center, which uses Mantine, is
 * loaded with a dynamic import() only once it opens).
 */
const ISLAND_SAFE_MODULES = [
  './consent-ui.tsx',
  './consent-banner.tsx',
  './cookie-settings-button.tsx',
  './consent-provider.tsx',
  './consent-controller.ts',
];

const sources = import.meta.glob<string>('./*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

/** Specifiers of static imports and re-exports (`import … from`, `export … from`, `import '…'`). */
function staticImports(source: string): string[] {
  const pattern = /^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

const FORBIDDEN = /^(?:@mantine\/|react-router(?:$|\/|-dom)|zod(?:$|\/))/;

describe('consent UI is island-safe', () => {
  it.each(ISLAND_SAFE_MODULES)('%s imports no Mantine, React Router or zod', (file) => {
    const source = sources[file];
    expect(source, `${file} not found`).toBeTypeOf('string');
    expect(staticImports(source!).length).toBeGreaterThan(0);
    expect(staticImports(source!).filter((specifier) => FORBIDDEN.test(specifier))).toEqual([]);
  });

  it('recognises a forbidden import', () => {
    const source =
      "import { Button } from '@mantine/core';\nimport {\n  Link,\n} from 'react-router';\nimport { z } from 'zod';\n";
    expect(staticImports(source).filter((specifier) => FORBIDDEN.test(specifier))).toEqual([
      '@mantine/core',
      'react-router',
      'zod',
    ]);
  });
});
