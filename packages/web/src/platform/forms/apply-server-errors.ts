import { GENERIC_API_ERROR_MESSAGE } from '@lectern/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api';

/**
 * Puts a failed submit on the form: `field_errors` for fields the form has go under those
 * fields (the first one gets focus); everything else (wrong password, too many attempts,
 * network trouble) becomes the form-level message that is returned.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!isApiError(error)) return GENERIC_API_ERROR_MESSAGE;
  let placed = 0;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const name = fields.find((candidate) => candidate === field);
    if (!name || messages.length === 0) continue;
    setError(name, { type: 'server', message: messages.join(' ') }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  const allPlaced = placed > 0 && placed === Object.keys(error.fieldErrors).length;
  return allPlaced ? null : error.detail;
}
