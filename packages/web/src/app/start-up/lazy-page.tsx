import { lazy, useEffect, type ComponentType } from 'react';
import { METRIC_KEYS } from '../../features/metrics/metrics-client';
import { useMetrics } from '../../features/metrics/metrics-provider';
import { usePageViewTracking } from '../../features/tracking/use-page-view';
import { reportError } from '../../platform/report-error';
import { ModuleLoadErrorPage } from '../../ui/module-load-error-page';
import { markModule } from './module-status';

export interface LazyPageOptions {
  report?: (error: unknown, details: Record<string, unknown>) => void;
}

/** Counts the module's render once per mount (platform §7 "renders"). */
function countedPage(name: string, Page: ComponentType): ComponentType {
  function RenderedPage() {
    const metrics = useMetrics();
    useEffect(() => metrics.increment(METRIC_KEYS.render, { module: name }), [metrics]);
    return <Page />;
  }
  return RenderedPage;
}

/**
 * A page whose code is its own chunk, fetched the first time it renders (React.lazy). The
 * module is marked loading, then loaded (platform §4). If the import fails the error is
 * reported and the page renders the reload banner of platform §8 instead, so the shell and
 * every other page keep working.
 *
 * Every page is one of these, so this is also where page views are tracked (the PageView
 * event and counter, once per route change) and where a rendered module is counted.
 */
export function lazyPage(
  name: string,
  load: () => Promise<ComponentType>,
  { report = reportError }: LazyPageOptions = {},
): PageComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= (async () => {
      markModule(name, 'loading');
      try {
        const Page = await load();
        markModule(name, 'loaded');
        loaded = countedPage(name, Page);
      } catch (error) {
        markModule(name, 'failed');
        report(error, { module: name });
        // The failure went to `report` (and so to the error counter); the page shows the reload banner.
        loaded = ModuleLoadErrorPage;
      }
      return loaded;
    })());
  // A module already loaded is handed over synchronously (a thenable React reads at once), so a
  // preloaded page renders without suspending: the server's HTML has it in place, and the
  // browser hydrates it without waiting.
  const LazyModule = lazy(() =>
    loaded
      ? (resolvedThenable({ default: loaded }) as unknown as Promise<{ default: ComponentType }>)
      : preload().then((Page) => ({ default: Page })),
  );
  function TrackedPage() {
    usePageViewTracking();
    return <LazyModule />;
  }
  return Object.assign(TrackedPage, { preload });
}

/** A page of the router whose code can be fetched ahead of its first render. */
export type PageComponent = ComponentType & { preload: () => Promise<ComponentType> };

function resolvedThenable<T>(value: T) {
  return { then: (resolve: (value: T) => void) => resolve(value) };
}
