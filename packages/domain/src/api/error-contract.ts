/**
 * The one JSON error body of every failed API call: a sentence for people, a stable
 * code for programs, and per-field messages for forms (dotted paths for nested fields).
 */
export interface ApiErrorBody {
  detail: string;
  code: ApiErrorCode | (string & {});
  field_errors?: Record<string, string[]>;
}

export const API_ERROR_CODES = {
  validation: 'validation_error',
  invalidPath: 'invalid_path',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  notAuthenticated: 'not_authenticated',
  permissionDenied: 'permission_denied',
  csrfFailed: 'csrf_failed',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  preconditionFailed: 'precondition_failed',
  preconditionRequired: 'precondition_required',
  rateLimited: 'rate_limited',
  timeout: 'request_timeout',
  unavailable: 'service_unavailable',
  internal: 'internal_error',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

/** Platform §8: the generic message when nothing more specific is known. */
export const GENERIC_API_ERROR_MESSAGE = 'Unexpected error occurred';

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { detail?: unknown }).detail === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
