import { queryOptions } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '../../platform/api';

export type DevMailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A mail of the outbox as `GET /api-2.0/dev/mailbox/` lists it. */
export interface DevMailSummary {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: DevMailStatus;
  created: string;
  sent_at: string | null;
}

export interface DevMailboxPage {
  results: DevMailSummary[];
  total_pages: number;
}

export interface DevMail extends DevMailSummary {
  html: string;
  text: string;
}

/** The server's clock (`GET /api-2.0/dev/clock/`): now, and how far ahead of the wall clock. */
export interface DevClock {
  now: string;
  offset_ms: number;
}

/** What `POST /api-2.0/dev/clock/` takes: a number of days, or a moment to move to. */
export type DevClockAdvance = { advance_days: number } | { advance_to: string };

export interface DevClockAdvanced extends DevClock {
  /** The jobs that came due and ran on the way. */
  jobs_run: number;
}

export const DEV_CLOCK_QUERY_KEY = ['dev-clock'] as const;

/**
 * Whether a failure says the developer tools are not there: the server answers 404 for them
 * in production.
 */
export const isNotAvailable = (error: unknown) => isApiError(error) && error.statusCode === 404;

/** `GET /api-2.0/dev/mailbox/?page=`: the outbox, newest first. */
export function devMailboxQuery(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ['dev-mailbox', page],
    queryFn: ({ signal }) => api.get<DevMailboxPage>('/dev/mailbox/', { params: { page }, signal }),
  });
}

/** `GET /api-2.0/dev/mailbox/{id}/`: one mail with its HTML and text parts. */
export function devMailQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['dev-mailbox', 'mail', id],
    queryFn: ({ signal }) => api.get<DevMail>(`/dev/mailbox/${id}/`, { signal }),
  });
}

export function devClockQuery(api: ApiClient) {
  return queryOptions({
    queryKey: DEV_CLOCK_QUERY_KEY,
    queryFn: ({ signal }) => api.get<DevClock>('/dev/clock/', { signal }),
  });
}

export function advanceDevClock(api: ApiClient, body: DevClockAdvance): Promise<DevClockAdvanced> {
  return api.post<DevClockAdvanced>('/dev/clock/', body);
}
