import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GraphqlPart } from '../graphql/graphql-endpoint.js';
import type { JobDefinition } from '../jobs/job-runner.js';

/**
 * One feature as the server composes it: what it adds to the HTTP API, the GraphQL schema,
 * the recurring jobs and the site outside the API. A module registers itself from what the
 * shared services offer; the root (`app.ts`) only walks the list in `feature-modules.ts`, so a
 * new module is one file in its folder and one line in that list.
 */
export interface FeatureModule<Services> {
  /** The module's folder name (logs and errors name it). */
  name: string;
  /**
   * Its API routes: a Fastify plugin registered inside the `/api-2.0` scope, where sessions,
   * CSRF, the API path rules and the staff check apply. It may build its own services there.
   */
  api?: FastifyPluginAsyncZod<{ services: Services }>;
  /** Its part of the `/api-2.0/graphql/` schema. */
  graphql?: (services: Services) => GraphqlPart[];
  /** Its recurring jobs (the job runner's schedule). */
  jobs?: (services: Services) => JobDefinition[];
  /** Subscribes its handlers to events other features announce (the provider's webhooks). */
  events?: (services: Services) => void;
  /**
   * Work due by the server's clock that must not wait for its job's next poll when the developer
   * clock moves (and tests): renewals, scheduled price changes. `catchUp` runs each in turn.
   */
  sweep?: (services: Services) => Promise<unknown>;
  /** Its public routes outside the API (files, short links), answered before the web app's fallback. */
  site?: FastifyPluginAsync<{ services: Services }>;
}

/** Names the module's type once: `defineFeatureModule<AppServices>({ name, api })`. */
export const defineFeatureModule = <Services>(module: FeatureModule<Services>): FeatureModule<Services> =>
  module;
