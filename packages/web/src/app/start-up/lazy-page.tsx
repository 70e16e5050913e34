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
): ComponentType {
  const LazyModule = lazy(async () => {
    markModule(name, 'loading');
    try {
      const Page = await load();
      markModule(name, 'loaded');
      return { default: countedPage(name, Page) };
    } catch (error) {
      markModule(name, 'failed');
      report(error, { module: name });
      // The failure went to `report` (and so to the error counter); the page shows the reload banner.
      return { default: ModuleLoadErrorPage };
    }
  });
  function TrackedPage() {
    usePageViewTracking();
    return <LazyModule />;
  }
  return TrackedPage;
}
