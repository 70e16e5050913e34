import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@lectern/domain';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useApiClient } from '../../platform/api';
import { login } from './auth-api';
import { FormErrorAlert } from './form-error-alert';
import { applyServerErrors } from './server-errors';

type LoginFields = z.input<typeof loginSchema>;
const FIELDS = ['email', 'password'] as const;

export interface LoginFormProps {
  /** Runs after the server accepted the credentials; the button spins until it settles. */
  onSuccess: () => Promise<void> | void;
}

/** Email and password, checked by the shared `loginSchema` before anything is sent. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const api = useApiClient();
  const intl = useIntl();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await login(api, input);
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
          label={intl.formatMessage({ id: 'auth.field.email' })}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'auth.field.password' })}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {intl.formatMessage({ id: 'auth.login.submit' })}
        </Button>
      </Stack>
    </form>
  );
}
