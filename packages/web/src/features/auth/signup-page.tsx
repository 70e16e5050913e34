import { Anchor, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { authPath } from './auth-paths';
import { AuthCard } from './auth-card';
import { SignupForm } from './signup-form';
import { useAuthPage } from './use-auth-page';

export function SignupPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.signup.pageTitle' }));
  const { next, wasLoggedIn, onSuccess } = useAuthPage();
  if (wasLoggedIn) return <Navigate to={next} replace />;

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.signup.heading' })}
      footer={
        <Text size="sm" ta="center">
          <FormattedMessage
            id="auth.signup.toLogin"
            values={{
              link: (chunks) => (
                <Anchor component={Link} to={authPath('login', next)} fw={700}>
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Text>
      }
    >
      <SignupForm onSuccess={onSuccess} />
    </AuthCard>
  );
}
