import { GENERIC_API_ERROR_MESSAGE, isApiErrorBody } from '@lectern/domain';

/** Why a call failed: the server answered with an error, or no answer came. */
export type ApiFailureKind = 'response' | 'network' | 'timeout' | 'aborted';

/**
 * A failed API call (platform §7). When the server answered, `isParsedError` is true and
 * the error carries `statusCode` and the parsed `body` (JSON, or text when it was not
 * JSON). With no answer (network failure, timeout, abort) `isParsedError` is false and the
 * error carries `originalError`. `detail` is always a sentence fit to show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly isParsedError: boolean;
  readonly kind: ApiFailureKind;
  readonly detail: string;
  readonly statusCode: number | undefined;
  readonly body: unknown;
  readonly originalError: unknown;

  private constructor(init: {
    kind: ApiFailureKind;
    detail: string;
    statusCode?: number;
    body?: unknown;
    originalError?: unknown;
  }) {
    super(init.detail);
    this.kind = init.kind;
    this.isParsedError = init.kind === 'response';
    this.detail = init.detail;
    this.statusCode = init.statusCode;
    this.body = init.body;
    this.originalError = init.originalError;
  }

  /** The server answered with an error status; `body` is what it sent. */
  static fromResponse(statusCode: number, body: unknown): ApiError {
    const detail = isApiErrorBody(body) ? body.detail : GENERIC_API_ERROR_MESSAGE;
    return new ApiError({ kind: 'response', detail, statusCode, body });
  }

  /** No answer came back. */
  static withoutResponse(kind: Exclude<ApiFailureKind, 'response'>, originalError: unknown): ApiError {
    return new ApiError({ kind, detail: GENERIC_API_ERROR_MESSAGE, originalError });
  }

  /** The stable error code of the body (`invalid_credentials`, ...), when there is one. */
  get code(): string | undefined {
    return isApiErrorBody(this.body) ? this.body.code : undefined;
  }

  /** Per-field messages of a 400 answer, keyed by field name (dotted for nested fields). */
  get fieldErrors(): Readonly<Record<string, string[]>> {
    return (isApiErrorBody(this.body) && this.body.field_errors) || {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
