/**
 * Stripe's error shape: `{"error": {type, code, decline_code, message, param, …}}` with the
 * HTTP status the SDK maps to its error classes (400/404 invalid request, 401 authentication,
 * 402 card error, 409 conflict, 429 rate limit, 5xx API error).
 */
export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'rate_limit_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  /** Card errors carry the objects they happened on, as Stripe does. */
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
  charge?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
    /** Extra response headers, e.g. `stripe-should-retry`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.body };
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(message: string, options: { param?: string; code?: string } = {}) {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(options.code ? { code: options.code, doc_url: docUrl(options.code) } : {}),
    ...(options.param ? { param: options.param } : {}),
  });
}

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });

export const invalidParam = (param: string, message: string) =>
  invalidRequest(message, { param, code: 'parameter_invalid' });

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { param, code: 'parameter_unknown' });

export function resourceMissing(kind: string, id: string, param = 'id') {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function unexpectedState(code: string, message: string) {
  return new StripeApiError(400, { type: 'invalid_request_error', code, doc_url: docUrl(code), message });
}

export function authenticationError(message: string) {
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}

export function cardError(
  code: string,
  message: string,
  extra: Omit<StripeErrorBody, 'type' | 'code' | 'message'> = {},
) {
  return new StripeApiError(402, { type: 'card_error', code, message, doc_url: docUrl(code), ...extra });
}

export function apiError(statusCode: number, message: string, headers: Record<string, string> = {}) {
  return new StripeApiError(statusCode, { type: 'api_error', message }, headers);
}
