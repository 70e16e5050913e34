import { loginSchema } from '@lectern/domain';
import { Stack, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { login } from './auth-api';
import { SubmitButton } from '../../ui/submit-button';

export interface LoginFormProps {
  /** Runs after the server accepted the credentials; the button spins until it settles. */
  onSuccess: () => Promise<void> | void;
}

/** Email and password, checked by the shared `loginSchema` before anything is sent. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const api = useApiClient();
  const intl = useIntl();
  const { form, formError, onSubmit } = useApiForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    submit: (input) => login(api, input),
    onSuccess,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form onSubmit={onSubmit} noValidate>
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
        <SubmitButton loading={isSubmitting} fullWidth>
          {intl.formatMessage({ id: 'auth.login.submit' })}
        </SubmitButton>
      </Stack>
    </form>
  );
}
