import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './apply-server-errors';

export interface ApiFormOptions<Input extends FieldValues, Output> {
  /** The shared schema (usually from @lectern/domain): checked in the browser before sending. */
  schema: z.ZodType<Output, Input>;
  /** Every field of the form; server `field_errors` for these land under the field. */
  defaultValues: DefaultValues<Input> & Input;
  /** Sends the valid input; a rejection is shown on the form. */
  submit: (input: Output) => Promise<unknown>;
  /** Runs after the server accepted the input; the submit button spins until it settles. */
  onSuccess?: () => Promise<void> | void;
  /** The form's field for a server `field_errors` key, when they are named differently. */
  fieldOf?: (key: string) => string;
}

/**
 * The one way a form talks to the API: react-hook-form with the shared zod schema, server
 * `field_errors` placed under their fields (first one focused), and any other failure as one
 * form-level message (`formError`, shown with `FormErrorAlert`).
 */
export function useApiForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  submit,
  onSuccess,
  fieldOf,
}: ApiFormOptions<Input, Output>) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const fields = Object.keys(defaultValues) as Path<Input>[];

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await submit(input);
    } catch (error) {
      setFormError(applyServerErrors(error, fields, form.setError, fieldOf));
      return;
    }
    await onSuccess?.();
  });

  return { form, formError, onSubmit };
}
