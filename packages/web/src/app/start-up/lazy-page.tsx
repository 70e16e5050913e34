import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reportError } from '../../platform/report-error';
import { ModuleLoadErrorPage } from '../../ui/module-load-error-page';
import { markModule } from './module-status';

export interface LazyPageOptions {
  report?: (error: unknown, details: Record<string, unknown>) => void;
}

/**
 * A page whose code is its own chunk, fetched the first time it renders (React.lazy). The
 * module is marked loading, then loaded (platform §4). If the import fails the error is
 * reported and the page renders the reload banner of platform §8 instead, so the shell and
 * every other page keep working.
 */
export function lazyPage(
  name: string,
  load: () => Promise<ComponentType>,
  { report = reportError }: LazyPageOptions = {},
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    markModule(name, 'loading');
    try {
      const Page = await load();
      markModule(name, 'loaded');
      return { default: Page };
    } catch (error) {
      markModule(name, 'failed');
      report(error, { module: name });
      return { default: ModuleLoadErrorPage };
    }
  });
}
