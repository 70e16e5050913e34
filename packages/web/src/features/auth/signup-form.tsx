import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, signupSchema, type SignupInput } from '@lectern/domain';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useApiClient } from '../../platform/api';
import { signup } from './auth-api';
import { FormErrorAlert } from './form-error-alert';
import { applyServerErrors } from './server-errors';

type SignupFields = z.input<typeof signupSchema>;
const FIELDS = ['name', 'email', 'password'] as const;

export interface SignupFormProps {
  /** Runs after the account was created (and the user logged in). */
  onSuccess: () => Promise<void> | void;
}

/** Name, email and password, checked by the shared `signupSchema` before anything is sent. */
export function SignupForm({ onSuccess }: SignupFormProps) {
  const api = useApiClient();
  const intl = useIntl();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFields, unknown, SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await signup(api, input);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
      return;
    }
    await onSuccess();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput
          label={intl.formatMessage({ id: 'auth.field.name' })}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'auth.field.email' })}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'auth.field.password' })}
          type="password"
          autoComplete="new-password"
          description={intl.formatMessage({ id: 'auth.field.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {intl.formatMessage({ id: 'auth.signup.submit' })}
        </Button>
      </Stack>
    </form>
  );
}
