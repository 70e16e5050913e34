// Build-time only (vite.config.ts).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type Container } from 'postcss';
import type { Plugin } from 'vite';

/** Mantine's class names: `m_` and eight hex digits, the same in its CSS and in its components' code. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** Every Mantine class the code can put on an element. */
export function mantineClassesIn(code: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const source of code) for (const [name] of source.matchAll(MANTINE_CLASS)) used.add(name);
  return used;
}

/**
 * The stylesheet without the selectors of Mantine classes no code uses (the components the app
 * never renders): a selector goes when it names a Mantine class outside `used`, a rule when
 * none of its selectors is left, an at-rule (`@media`, `@container`) when it is left empty.
 * Everything else stays as it is: the global styles, CSS variables, keyframes, the app's modules.
 */
export function pruneUnusedMantineRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  const isUsed = (selector: string) =>
    [...selector.matchAll(MANTINE_CLASS)].every(([name]) => used.has(name));
  root.walkRules((rule) => {
    const parent = rule.parent;
    // Keyframe steps (`from`, `50%`) are not selectors.
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as { name: string }).name)) return;
    const kept = rule.selectors.filter(isUsed);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  const dropEmpty = (container: Container) => {
    container.each((node) => {
      if (node.type !== 'atrule' || !node.nodes) return;
      dropEmpty(node);
      if (node.nodes.length === 0) node.remove();
    });
  };
  dropEmpty(root);
  return root.toString();
}

/**
 * Mantine's stylesheet is imported whole (about 270 KB, every component's rules), and it
 * blocks the first paint of every page and weighs on every style recalculation. After the
 * browser build is written, this keeps only the rules of the Mantine classes that its code
 * contains (every page is in it, the server-rendered ones too, as the single-page app can
 * show them), and renames the stylesheet after its new content, in the manifest too, so a
 * cached copy is never taken for it.
 */
export function pruneUnusedMantineCss(): Plugin {
  let ssr = false;
  let outDir = '';
  return {
    name: 'lectern:prune-unused-mantine-css',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (ssr) return;
      const used = mantineClassesIn(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output.code] : [])),
      );
      const manifestPath = path.join(outDir, '.vite/manifest.json');
      let manifest = readFileSync(manifestPath, 'utf8');
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
        const file = path.join(outDir, output.fileName);
        const pruned = pruneUnusedMantineRules(readFileSync(file, 'utf8'), used);
        const hash = createHash('sha256').update(pruned).digest('base64url').slice(0, 8);
        const fileName = output.fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
        rmSync(file);
        writeFileSync(path.join(outDir, fileName), pruned);
        manifest = manifest.replaceAll(JSON.stringify(output.fileName), JSON.stringify(fileName));
      }
      writeFileSync(manifestPath, manifest);
    },
  };
}
