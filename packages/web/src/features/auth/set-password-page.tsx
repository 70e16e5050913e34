import { PAGE_ROUTES, PASSWORD_MIN_LENGTH, setPasswordSchema } from '@lectern/domain';
import { Stack, Text, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useRefreshAfterAuthChange } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SubmitButton } from '../../ui/submit-button';
import { setPassword } from './auth-api';
import { AuthCard } from './auth-card';

/**
 * `/join/set-password/?token=`: where a guest checkout's mail leads. The buyer chooses the
 * password of the account their courses wait in; the link works once, and they are signed in.
 */
export function SetPasswordPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.setPassword.pageTitle' }));
  const [params] = useSearchParams();
  const api = useApiClient();
  const refresh = useRefreshAfterAuthChange();
  const navigate = useNavigate();
  const { form, formError, onSubmit } = useApiForm({
    schema: setPasswordSchema,
    defaultValues: { token: params.get('token') ?? '', password: '' },
    submit: (input) => setPassword(api, input),
    onSuccess: async () => {
      await refresh();
      await navigate(PAGE_ROUTES.myCourses, { replace: true });
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.setPassword.heading' })} footer={null}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <FormattedMessage id="auth.setPassword.intro" />
          </Text>
          {/* The link's token: a problem with it is the form's, not a field's. */}
          <FormErrorAlert message={errors.token?.message ?? formError} />
          <input type="hidden" {...register('token')} />
          <TextInput
            label={intl.formatMessage({ id: 'auth.field.password' })}
            description={intl.formatMessage({ id: 'auth.field.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <SubmitButton loading={isSubmitting} fullWidth>
            {intl.formatMessage({ id: 'auth.setPassword.submit' })}
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
