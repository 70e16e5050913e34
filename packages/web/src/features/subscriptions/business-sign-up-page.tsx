import { PAGE_ROUTES, businessBrandName } from '@lectern/domain';
import { Alert, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useBrandName, useMe, useRefreshAfterAuthChange } from '../../app/user-context/user-context-provider';
import { isApiError, useApiClient } from '../../platform/api';
import { authPath } from '../auth/auth-paths';
import { businessSignUp } from './subscription-api';

/**
 * `/business/sign-up/` (team-plan §2): the signed-in user founds an organization and goes on
 * to the Team Plan checkout; visitors sign up first and come back here. The trial-extension
 * referral parameter (`ref`) travels along.
 */
export function BusinessSignUpPage() {
  const brand = businessBrandName(useBrandName());
  usePageTitle(`Sign up for ${brand}`);
  const me = useMe();
  const api = useApiClient();
  const navigate = useNavigate();
  const refresh = useRefreshAfterAuthChange();
  const [search] = useSearchParams();
  const referral = search.get('ref') ?? undefined;
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const here = `${PAGE_ROUTES.businessSignUp}${referral ? `?ref=${encodeURIComponent(referral)}` : ''}`;
  const signUp = useMutation({
    mutationFn: () =>
      businessSignUp(api, {
        organization_name: name.trim(),
        ...(referral ? { trial_extension: referral } : {}),
      }),
    onSuccess: async (answer) => {
      await refresh();
      void navigate(answer.next);
    },
  });
  const error = touched && !name.trim() ? 'Please enter your organization name.' : null;
  const serverError = signUp.error
    ? isApiError(signUp.error)
      ? (signUp.error.fieldErrors.organization_name?.[0] ?? signUp.error.detail)
      : 'Unexpected error. Please check your internet and try again.'
    : null;
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>Sign up for {brand}</Title>
        <Text>
          Give your team access to the courses they need, with a free 14-day trial of the Team Plan.
        </Text>
        {!me.is_authenticated ? (
          <Stack gap="sm">
            <Button component={Link} to={authPath('signup', here)}>
              Create your account
            </Button>
            <Button component={Link} to={authPath('login', here)} variant="default">
              I already have an account
            </Button>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(true);
              if (name.trim()) signUp.mutate();
            }}
          >
            <Stack gap="sm">
              <TextInput
                label="Organization name"
                required
                maxLength={120}
                value={name}
                error={error ?? serverError}
                onBlur={() => setTouched(true)}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              {signUp.isError && isApiError(signUp.error) && signUp.error.statusCode === 409 && (
                <Alert color="yellow">
                  <Link to={PAGE_ROUTES.manageSubscriptions}>See your subscription</Link>
                </Alert>
              )}
              <Button type="submit" loading={signUp.isPending}>
                Continue to the Team Plan
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
