import { API_ERROR_CODES, apiPathProblem } from '@lectern/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';

/**
 * Platform §5: outside production an API path must end in a slash and contain no double
 * slash. The router matches such paths anyway (so production stays lenient), and this
 * hook turns them into a 400 that names the problem, so client bugs surface in development.
 * Register it inside the scope that holds the API routes: health checks, metrics, assets
 * and pages are not API paths.
 */
export function registerApiPathGuard(scope: FastifyInstance, options: { enforce: boolean }): void {
  if (!options.enforce) return;
  scope.addHook('onRequest', async (request) => {
    const problem = apiPathProblem(request.url);
    if (problem) throw new HttpError(400, API_ERROR_CODES.invalidPath, problem);
  });
}
