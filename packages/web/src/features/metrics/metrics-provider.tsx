import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useApiClient } from '../../platform/api';
import { apiMetricSender, countReportedErrors, countUncaughtErrors, MetricsClient } from './metrics-client';

/** The client's context; islands (app/islands) provide the page's one client through it. */
export const MetricsClientContext = createContext<MetricsClient | null>(null);

/** One metrics client for the app; it also counts reported and uncaught errors while mounted. */
export function MetricsProvider({ client, children }: { client?: MetricsClient; children: ReactNode }) {
  const api = useApiClient();
  const [metrics] = useState(() => client ?? new MetricsClient(apiMetricSender(api)));
  useEffect(() => countUncaughtErrors(metrics), [metrics]);
  useEffect(() => countReportedErrors(metrics), [metrics]);
  return <MetricsClientContext value={metrics}>{children}</MetricsClientContext>;
}

export function useMetrics(): MetricsClient {
  const metrics = useContext(MetricsClientContext);
  if (!metrics) throw new Error('useMetrics must be used inside <MetricsProvider>.');
  return metrics;
}
