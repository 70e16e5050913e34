import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The course landing page's purchase card and share button may be hydrated as islands on
 * public pages (app/islands), where neither Mantine's JavaScript, React Router nor zod is
 * loaded: their modules import none of them, and the share dialog (Mantine's Modal) and
 * Mantine's provider are only loaded on demand, with `import()`. (A static check of each
 * file's own imports; what they import from the app must follow the same rule.)
 */
const ISLAND_SAFE_FILES = [
  './purchase-card.tsx',
  './course-share-button.tsx',
  '../sharing/share-button.tsx',
  '../catalog/course-price.tsx',
];

const FORBIDDEN = /^(?:@mantine\/|react-router(?:-dom)?(?:\/|$)|zod(?:\/|$))/;
/** Modules that use Mantine, allowed only through `import()` (or for their types). */
const ON_DEMAND = /(?:^|\/)(?:share-dialog|on-demand-providers)$/;

interface Imported {
  specifier: string;
  /** `import()`: fetched when called, not with the module. */
  dynamic: boolean;
  /** `import type` / `export type`: erased from the JavaScript. */
  typeOnly: boolean;
}

/** Every module specifier the source imports or re-exports, `import()` included. */
function importedModules(source: string): Imported[] {
  const fixed = [
    ...source.matchAll(/\b(?:import|export)\s*(type\s+)?(?:[\w*{}\s,$]+\s+from\s*)?['"]([^'"]+)['"]/g),
  ].map((match) => ({ specifier: match[2]!, dynamic: false, typeOnly: Boolean(match[1]) }));
  const dynamic = [...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => ({
    specifier: match[1]!,
    dynamic: true,
    typeOnly: false,
  }));
  return [...fixed, ...dynamic];
}

const forbidden = (modules: Imported[]) =>
  modules.filter(({ specifier }) => FORBIDDEN.test(specifier)).map(({ specifier }) => specifier);
const loadedWithTheModule = (modules: Imported[]) =>
  modules
    .filter(({ specifier, dynamic, typeOnly }) => ON_DEMAND.test(specifier) && !dynamic && !typeOnly)
    .map(({ specifier }) => specifier);

const read = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');

describe('the course landing islands', () => {
  it.each(ISLAND_SAFE_FILES)('%s imports nothing from Mantine, React Router or zod', (file) => {
    const modules = importedModules(read(file));
    expect(modules.length).toBeGreaterThan(0);
    expect(forbidden(modules)).toEqual([]);
    expect(loadedWithTheModule(modules)).toEqual([]);
  });

  it('loads the share dialog and Mantine for it on demand', () => {
    const dynamic = importedModules(read('../sharing/share-button.tsx'))
      .filter((module) => module.dynamic)
      .map((module) => module.specifier);
    expect(dynamic).toEqual(['./share-dialog', '../../ui/on-demand-providers']);
  });

  it('would catch a forbidden import', () => {
    const modules = importedModules(
      [
        "import { Button } from '@mantine/core';",
        "import type { z } from 'zod';",
        "import {\n  Link,\n  useNavigate,\n} from 'react-router';",
        "export { x } from 'zod/mini';",
        "const lazy = import('@mantine/dates');",
        "import { ok } from 'react-intl';",
        "import { ShareDialog } from './share-dialog';",
        "import type { ShareDialogProps } from './share-dialog';",
        "const dialog = import('./share-dialog');",
      ].join('\n'),
    );
    expect(forbidden(modules)).toEqual([
      '@mantine/core',
      'zod',
      'react-router',
      'zod/mini',
      '@mantine/dates',
    ]);
    expect(loadedWithTheModule(modules)).toEqual(['./share-dialog']);
  });
});
