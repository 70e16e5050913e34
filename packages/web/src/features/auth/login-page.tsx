import { Anchor, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { authPath } from './auth-paths';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { useAuthPage } from './use-auth-page';

export function LoginPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.login.pageTitle' }));
  const { next, wasLoggedIn, onSuccess } = useAuthPage();
  if (wasLoggedIn) return <Navigate to={next} replace />;

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.login.heading' })}
      footer={
        <Text size="sm" ta="center">
          <FormattedMessage
            id="auth.login.toSignup"
            values={{
              link: (chunks) => (
                <Anchor component={Link} to={authPath('signup', next)} fw={700}>
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Text>
      }
    >
      <LoginForm onSuccess={onSuccess} />
    </AuthCard>
  );
}
