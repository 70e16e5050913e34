import { GENERIC_API_ERROR_MESSAGE } from '@lectern/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api';
import { isGraphqlError } from '../graphql/graphql-request';

/**
 * Puts a failed submit on the form: `field_errors` (a REST answer's, or a GraphQL
 * BAD_USER_INPUT's `extensions.field_errors`) for fields the form has go under those fields
 * (the first one gets focus); everything else (wrong password, too many attempts, network
 * trouble) becomes the form-level message that is returned. `fieldOf` names the form's field
 * for a server key when they differ (`learningReminder.title` → `title`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fieldOf: (key: string) => string = (key) => key,
): string | null {
  let fieldErrors: Readonly<Record<string, string[]>>;
  let detail: string;
  if (isApiError(error)) {
    fieldErrors = error.fieldErrors;
    detail = error.detail;
  } else if (isGraphqlError(error)) {
    fieldErrors = error.fieldErrors;
    detail = error.message;
  } else {
    return GENERIC_API_ERROR_MESSAGE;
  }
  let placed = 0;
  const messagesOf = new Map<Path<T>, string[]>();
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = fieldOf(key);
    const name = fields.find((candidate) => candidate === field);
    if (!name || messages.length === 0) continue;
    messagesOf.set(name, [...(messagesOf.get(name) ?? []), ...messages]);
    placed += 1;
  }
  let first = true;
  for (const [name, messages] of messagesOf) {
    setError(name, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
    first = false;
  }
  const allPlaced = placed > 0 && placed === Object.keys(fieldErrors).length;
  return allPlaced ? null : detail;
}
