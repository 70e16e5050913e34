import type { z } from 'zod';
import { fieldErrorsFromIssues } from '../http/error-handler.js';
import { notAuthenticated, validationError } from '../http/http-error.js';
import type { GraphqlContext } from './graphql-endpoint.js';

/** The signed-in user's id; UNAUTHENTICATED for a visitor. */
export function signedInUserId(context: GraphqlContext): number {
  if (context.userId === null) throw notAuthenticated();
  return context.userId;
}

/**
 * A resolver argument checked with zod at the edge: the schema's output, or BAD_USER_INPUT
 * whose field errors are keyed by the argument's path (`learningReminder.title`), as the
 * client sent it. Nothing is read or written before this passes.
 */
export function parseGraphqlInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  argument: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(fieldErrorsFromIssues(result.error.issues, argument));
}
