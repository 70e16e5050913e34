import type { FastifyRequest } from 'fastify';
import { Params } from '../core/params.js';

/** Parameters of an API request: the form body of a POST, else the query string. */
export function paramsOf(request: FastifyRequest): Params {
  return Params.from(request.method === 'POST' ? (request.body ?? {}) : request.query);
}

export function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

export const PUBLISHABLE = { config: { publishable: true } } as const;
