import type { ExperimentInput, ExperimentSummary } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

const BASE = '/admin/experiments/';

/** `GET /api-2.0/admin/experiments/`: every experiment, newest first, with exposures per variant. */
export function experimentsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin-experiments'],
    queryFn: ({ signal }) => api.get<{ results: ExperimentSummary[] }>(BASE, { signal }),
  });
}

export const createExperiment = (api: ApiClient, input: ExperimentInput) =>
  api.post<ExperimentSummary>(BASE, input);

export const updateExperiment = (api: ApiClient, id: number, input: ExperimentInput) =>
  api.put<ExperimentSummary>(`${BASE}${id}/`, input);

/** Starts (`start`) or stops (`stop`) an experiment. */
export const switchExperiment = (api: ApiClient, id: number, action: 'start' | 'stop') =>
  api.post<ExperimentSummary>(`${BASE}${id}/${action}/`);
