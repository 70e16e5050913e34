import { API_ERROR_CODES, type ApiErrorBody } from '@lectern/domain';

/**
 * The one way services signal a failure the client should see. The error handler turns
 * it into the JSON error contract `{detail, code, field_errors?}` with its status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return this.fieldErrors
      ? { detail: this.detail, code: this.code, field_errors: this.fieldErrors }
      : { detail: this.detail, code: this.code };
  }
}

export const validationError = (fieldErrors: Record<string, string[]>, detail?: string) =>
  new HttpError(
    400,
    API_ERROR_CODES.validation,
    detail ?? Object.values(fieldErrors)[0]?.[0] ?? 'Some fields are not valid.',
    fieldErrors,
  );

export const notAuthenticated = () =>
  new HttpError(401, API_ERROR_CODES.notAuthenticated, 'Authentication credentials were not provided.');

export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, API_ERROR_CODES.permissionDenied, detail);

export const notFound = (detail = 'Not found.') => new HttpError(404, API_ERROR_CODES.notFound, detail);

export const tooManyRequests = (retryAfterSeconds: number, detail?: string) =>
  new HttpError(
    429,
    API_ERROR_CODES.rateLimited,
    detail ?? `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
