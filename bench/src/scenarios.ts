// The load scenarios. Each is measured against the floor in the same run (design §8).
// To add one, append a line to `scenarios`.

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, relative to the server URL. */
  path: string;
  /** 'learner' sends the demo learner's session and CSRF cookies (and X-CSRFToken on unsafe methods). */
  as?: 'anonymous' | 'learner';
  /** JSON body for unsafe methods. */
  body?: unknown;
}

export const CONTEXT_FLAGS =
  'me=True&visiting=True&request=True&Config=True&experiment=True&user_specific_tracking=True';

/** One primary-key read through the server's own pool: the cheapest a DB-backed request can be. */
export const floor: Scenario = { name: 'floor', path: '/bench/floor/' };

export const scenarios: Scenario[] = [
  { name: 'contexts/me (logged in)', path: `/api-2.0/contexts/me/?${CONTEXT_FLAGS}`, as: 'learner' },
];
