export { ApiClient, API_BASES, API_TIMEOUT_MS, createApiClient } from './api-client';
export type {
  ApiBase,
  ApiClientOptions,
  ApiResponse,
  FullRequestOptions,
  GetOptions,
  HttpMethod,
  Page,
  RequestOptions,
} from './api-client';
export { ApiClientProvider, useApiClient } from './api-client-context';
export { ApiError, isApiError } from './api-error';
export type { ApiFailureKind } from './api-error';
export { DEFAULT_GET_CACHE_MS } from './get-cache';
export { serializeQuery, withQuery } from './query-string';
export type { QueryParams, QueryScalar, QueryValue } from './query-string';
export { CSRF_COOKIE, CSRF_HEADER, cacheHeaderName, defaultHeaders } from './request-headers';
