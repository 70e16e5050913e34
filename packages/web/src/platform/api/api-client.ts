import { apiPathProblem, type SupportedLocale } from '@lectern/domain';
import { documentCookies } from '../cookies';
import { browserLanguages, currentLocale } from '../locale';
import { ApiError } from './api-error';
import { DEFAULT_GET_CACHE_MS, GetCache } from './get-cache';
import { withQuery, type QueryParams } from './query-string';
import { defaultHeaders } from './request-headers';

/** Platform §9: every API call gives up after 60 seconds. */
export const API_TIMEOUT_MS = 60_000;

/**
 * Where a path is rooted (platform §7): `api` is the JSON API under `/api-2.0`, `root` is
 * the site root for token-protected calls such as `/payment/...`.
 */
export const API_BASES = {
  api: '/api-2.0',
  root: '',
  paymentsAdmin: '/tapen/api-2.0',
  organizationAnalytics: '/organization-analytics',
} as const;
export type ApiBase = keyof typeof API_BASES;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Which base the path is relative to; `api` by default. */
  base?: ApiBase;
  params?: QueryParams;
  headers?: Record<string, string>;
  /** Cancels the call; combined with the client's own timeout. */
  signal?: AbortSignal;
}

export interface GetOptions extends RequestOptions {
  /** Serve repeated calls from memory: `true` for one hour, or a custom expiry. */
  cache?: boolean | { maxAgeMs: number };
}

export interface ApiClientOptions {
  /** The fetch to call; tests hand in a fake. Defaults to the browser's. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Raise on paths that break the API rules (platform §5); on outside production builds. */
  checkPaths?: boolean;
  /** Source of the cookie string; defaults to `document.cookie`. */
  cookies?: () => string;
  /** The browser's languages, most preferred first; defaults to `navigator.languages`. */
  navigatorLanguage?: () => string | readonly string[] | undefined;
  /** Clock for the GET cache. */
  now?: () => number;
}

/** A whole answer: the parsed body with the status and headers (e.g. to read an `ETag`). */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface FullRequestOptions extends RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
}

/** A page of a paged list endpoint; `next` is the URL of the following page. */
export interface Page<T> {
  count?: number;
  next: string | null;
  previous?: string | null;
  results: T[];
}

/**
 * The one HTTP client of the web app (platform §7). Every call sends the default headers
 * (see `defaultHeaders`), times out after 60 s, parses JSON answers and turns failures into
 * `ApiError`. Paths are given relative to a base and must end in a slash.
 */
export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly checkPaths: boolean;
  private readonly cookies: () => string;
  private readonly navigatorLanguage: () => string | readonly string[] | undefined;
  private readonly cache: GetCache;

  constructor(options: ApiClientOptions = {}) {
    // Bound so the browser's fetch is not called with the client as `this`.
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
    this.checkPaths = options.checkPaths ?? !import.meta.env.PROD;
    this.cookies = options.cookies ?? documentCookies;
    this.navigatorLanguage = options.navigatorLanguage ?? (() => browserLanguages());
    this.cache = new GetCache(options.now ?? Date.now);
  }

  /** GETs a path; with `cache` the answer is kept for later calls with the same URL. */
  async get<T>(path: string, options: GetOptions = {}): Promise<T> {
    const url = this.url(path, options);
    if (!options.cache) return this.sendForData<T>('GET', url, undefined, options);
    const cached = this.cache.get<T>(url);
    if (cached) return cached;
    const maxAgeMs = options.cache === true ? DEFAULT_GET_CACHE_MS : options.cache.maxAgeMs;
    return this.cache.set(url, this.sendForData<T>('GET', url, undefined, options), maxAgeMs);
  }

  async post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.sendForData<T>('POST', this.url(path, options), body, options);
  }

  async put<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.sendForData<T>('PUT', this.url(path, options), body, options);
  }

  async patch<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.sendForData<T>('PATCH', this.url(path, options), body, options);
  }

  async delete<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.sendForData<T>('DELETE', this.url(path, options), undefined, options);
  }

  /**
   * Any method, answering with the status and headers as well as the body (never cached).
   * Failures reject with `ApiError` like every other call.
   */
  async request<T>(
    method: HttpMethod,
    path: string,
    options: FullRequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const { body, ...rest } = options;
    return this.send<T>(method, this.url(path, rest), body, rest);
  }

  /**
   * GETs every page of a paged list, following `next` until it is null, and returns the
   * concatenated `results` (platform §7).
   */
  async getAllPages<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
    const results: T[] = [];
    let url: string | null = this.url(path, options);
    while (url) {
      const page: Page<T> = await this.sendForData<Page<T>>('GET', url, undefined, options);
      results.push(...page.results);
      url = page.next ? sameOriginPath(page.next) : null;
    }
    return results;
  }

  /** The locale the calls ask for (their `Accept-Language`): the locale cookie, else the browser's. */
  locale(): SupportedLocale {
    return currentLocale(this.cookies(), this.navigatorLanguage());
  }

  /** Forgets every cached GET, e.g. after the user logs in or out. */
  clearCache(): void {
    this.cache.clear();
  }

  private url(path: string, options: RequestOptions): string {
    const fullPath = `${API_BASES[options.base ?? 'api']}${path}`;
    if (this.checkPaths) {
      const problem = apiPathProblem(fullPath);
      if (problem) throw new Error(problem);
    }
    return withQuery(fullPath, options.params);
  }

  private async sendForData<T>(
    method: HttpMethod,
    url: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<T> {
    return (await this.send<T>(method, url, body, options)).data;
  }

  private async send<T>(
    method: HttpMethod,
    url: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      ...defaultHeaders(method, this.cookies(), this.navigatorLanguage()),
      ...options.headers,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = linkedAbort(this.timeoutMs, options.signal);
    try {
      let response: Response;
      let payload: unknown;
      try {
        response = await this.fetchImpl(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'same-origin',
          signal: timeout.signal,
        });
        payload = await readBody(response);
      } catch (error) {
        const kind = timeout.timedOut() ? 'timeout' : timeout.signal.aborted ? 'aborted' : 'network';
        throw ApiError.withoutResponse(kind, error);
      }
      if (!response.ok) throw ApiError.fromResponse(response.status, payload);
      return { data: payload as T, status: response.status, headers: response.headers };
    } finally {
      timeout.dispose();
    }
  }
}

/** The client for the running app. */
export function createApiClient(options?: ApiClientOptions): ApiClient {
  return new ApiClient(options);
}

/** JSON when the answer says so (or parses as such), text otherwise, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * An abort signal that fires after `timeoutMs` or when the caller's signal fires, whichever
 * comes first. `dispose` clears the timer once the answer has arrived.
 */
function linkedAbort(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/**
 * `next` links may be absolute; only their path and query are used, so paging never sends
 * our cookies-derived headers to another host.
 */
function sameOriginPath(link: string): string {
  const url = new URL(link, 'http://same-origin.invalid');
  return `${url.pathname}${url.search}`;
}
