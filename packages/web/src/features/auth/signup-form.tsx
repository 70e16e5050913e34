import { PASSWORD_MIN_LENGTH, signupSchema } from '@lectern/domain';
import { Stack, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { signup } from './auth-api';
import { SubmitButton } from '../../ui/submit-button';

export interface SignupFormProps {
  /** Runs after the account was created (and the user logged in). */
  onSuccess: () => Promise<void> | void;
}

/** Name, email and password, checked by the shared `signupSchema` before anything is sent. */
export function SignupForm({ onSuccess }: SignupFormProps) {
  const api = useApiClient();
  const intl = useIntl();
  const { form, formError, onSubmit } = useApiForm({
    schema: signupSchema,
    defaultValues: { name: '', email: '', password: '' },
    submit: (input) => signup(api, input),
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
        <SubmitButton loading={isSubmitting} fullWidth>
          {intl.formatMessage({ id: 'auth.signup.submit' })}
        </SubmitButton>
      </Stack>
    </form>
  );
}
