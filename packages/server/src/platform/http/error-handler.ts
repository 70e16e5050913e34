import { API_ERROR_CODES, GENERIC_API_ERROR_MESSAGE, type ApiErrorBody } from '@lectern/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodIssue } from './zod-issue.js';
import { HttpError } from './http-error.js';

/** Fastify's own 4xx errors, re-worded into the error contract. */
const FASTIFY_ERRORS: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: API_ERROR_CODES.malformedJson,
    detail: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: API_ERROR_CODES.malformedJson,
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: API_ERROR_CODES.payloadTooLarge,
    detail: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: API_ERROR_CODES.unsupportedMediaType,
    detail: 'Unsupported content type; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: API_ERROR_CODES.malformedJson,
    detail: 'The Content-Length header does not match the body.',
  },
};

/** Turns zod issues into `field_errors`, keyed by the dotted path of each field. */
export function fieldErrorsFromIssues(issues: readonly ZodIssue[], prefix = ''): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    const messages = (fieldErrors[key] ??= []);
    // Two checks of one field may say the same (2^53 is neither a safe integer nor ≤ the max).
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) add(base ? `${base}.${key}` : key, 'Unknown field.');
    } else if (issue.code === 'invalid_type' && issue.input === undefined) {
      // zod's own wording for a missing value is "Invalid input: expected string, received undefined".
      const message = issue.message ?? 'Invalid input';
      add(
        base || 'non_field_errors',
        message.startsWith('Invalid input') ? 'This field is required.' : message,
      );
    } else {
      add(base || 'non_field_errors', issue.message ?? 'This value is not valid.');
    }
  }
  return fieldErrors;
}

function toHttpError(error: FastifyError | HttpError): HttpError {
  if (error instanceof HttpError) return error;

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: ZodIssue[] = error.validation.map((v) => ({
      ...(v.params as Omit<ZodIssue, 'code' | 'path' | 'message'>),
      code: v.keyword,
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message,
    }));
    const fieldErrors = fieldErrorsFromIssues(issues);
    return new HttpError(400, API_ERROR_CODES.validation, firstMessage(fieldErrors), fieldErrors);
  }

  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return new HttpError(error.statusCode ?? 400, known.code, known.detail);
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new HttpError(400, API_ERROR_CODES.malformedJson, 'The request body is not valid JSON.');
  }
  if (error.statusCode === 429) {
    return new HttpError(429, API_ERROR_CODES.rateLimited, 'Too many requests. Try again later.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, `http_${error.statusCode}`, error.message);
  }
  return new HttpError(500, API_ERROR_CODES.internal, GENERIC_API_ERROR_MESSAGE);
}

function firstMessage(fieldErrors: Record<string, string[]>): string {
  const [field, messages] = Object.entries(fieldErrors)[0] ?? [];
  if (!field || !messages?.[0]) return 'Some fields are not valid.';
  return field === 'non_field_errors' ? messages[0] : `${field}: ${messages[0]}`;
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  const body: ApiErrorBody = error.toBody();
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Every failure leaves the server as the JSON error contract; unexpected ones are logged with their stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let httpError: HttpError;
    try {
      httpError = toHttpError(error);
    } catch (mappingError) {
      request.log.error({ err: mappingError }, 'error mapping failed');
      httpError = new HttpError(500, API_ERROR_CODES.internal, GENERIC_API_ERROR_MESSAGE);
    }
    if (httpError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: httpError.code, status: httpError.statusCode }, httpError.detail);
    }
    return sendError(reply, httpError);
  });
}
