import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Islands load no Mantine, React Router or zod (decision 0026). This walks the modules the
 * islands' code loads, from the runtime (src/islands.tsx) and every island it loads on demand
 * (island-loaders.ts), through their static imports; `import()` is a part loaded on demand
 * (a dialog, which may use Mantine) and type-only imports are erased. The domain package is
 * a leaf: it has no side effects and the build keeps only what is used.
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const FORBIDDEN = /^(?:@mantine\/|react-router(?:$|\/|-dom)|zod(?:$|\/))/;

interface Imports {
  fixed: string[];
  dynamic: string[];
}

/** The module specifiers a source loads with it, and those it loads with `import()`. */
function importsOf(source: string): Imports {
  const fixed = [
    ...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm),
  ]
    .filter((match) => !match[1])
    .map((match) => match[2]!);
  const dynamic = [...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!);
  return { fixed, dynamic };
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => candidate.match(/\.tsx?$/) && existsSync(candidate)) ?? null;
}

/** Every forbidden package the islands' code loads, with the module that imports it. */
function forbiddenInIslands(): string[] {
  const runtime = path.join(SRC, 'islands.tsx');
  const loaders = path.join(SRC, 'app/islands/island-loaders.ts');
  const roots = [
    runtime,
    ...importsOf(readFileSync(loaders, 'utf8')).dynamic.map((specifier) => resolve(loaders, specifier)!),
  ];
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8')).fixed) {
      // Stylesheets are CSS, in the page's one stylesheet.
      if (FORBIDDEN.test(specifier) && !specifier.endsWith('.css'))
        found.push(`${path.relative(SRC, file)} → ${specifier}`);
      const next = resolve(file, specifier);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  expect(seen.size).toBeGreaterThan(30);
  return found;
}

describe('island safety', () => {
  it('the islands load no Mantine, React Router or zod', () => {
    expect(forbiddenInIslands()).toEqual([]);
  });

  it('reads static, dynamic and type-only imports apart', () => {
    const source = [
      "import { Button } from '@mantine/core';",
      "import type { z } from 'zod';",
      "import {\n  Link,\n  useNavigate,\n} from 'react-router';",
      "export { x } from 'zod/mini';",
      "import './styles.css';",
      "const dialog = import('./share-dialog');",
    ].join('\n');
    expect(importsOf(source)).toEqual({
      fixed: ['@mantine/core', 'react-router', 'zod/mini', './styles.css'],
      dynamic: ['./share-dialog'],
    });
  });
});
