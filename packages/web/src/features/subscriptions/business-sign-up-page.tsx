import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES, businessBrandName } from '@lectern/domain';
import { Alert, Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBrandName, useMe, useRefreshAfterAuthChange } from '../../app/user-context/use-user-context';
import { isApiError, useApiClient } from '../../platform/api';
import { authPath } from '../auth/auth-paths';
import { PageHead } from '../seo/page-head';
import { businessSignUp } from './subscription-api';
import { SubmitButton } from '../../ui/submit-button';

const NAME_MAX = 120;

function OrganizationForm({ referral }: { referral: string | undefined }) {
  const intl = useIntl();
  const api = useApiClient();
  const navigate = useNavigate();
  const refresh = useRefreshAfterAuthChange();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const signUp = useMutation({
    mutationFn: () =>
      businessSignUp(api, {
        organization_name: name.trim(),
        ...(referral ? { trial_extension: referral } : {}),
      }),
    onSuccess: async (answer) => {
      // The user now belongs to an organization: the context (and its admin flags) changed.
      await refresh();
      await navigate(answer.next);
    },
  });
  const error = signUp.error;
  const localError =
    touched && !name.trim() ? intl.formatMessage({ id: 'subscriptions.business.nameRequired' }) : null;
  const fieldError = isApiError(error) ? (error.fieldErrors.organization_name?.[0] ?? null) : null;
  const alreadyMember = isApiError(error) && error.code === 'already_in_organization';
  return (
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
          label={intl.formatMessage({ id: 'subscriptions.business.organizationName' })}
          required
          maxLength={NAME_MAX}
          autoComplete="organization"
          value={name}
          error={localError ?? fieldError}
          onBlur={() => setTouched(true)}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {error && !fieldError && (
          <Alert color={alreadyMember ? 'yellow' : 'red'} variant="light" role="alert">
            <Stack gap={4} align="flex-start">
              <Text size="sm">
                {isApiError(error) && error.isParsedError ? error.detail : SUBSCRIPTION_MESSAGES.loadFailed}
              </Text>
              {alreadyMember && (
                <Anchor component={Link} to={PAGE_ROUTES.manageSubscriptions}>
                  <FormattedMessage id="subscriptions.business.seeSubscription" />
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <SubmitButton loading={signUp.isPending} w="fit-content">
          <FormattedMessage id="subscriptions.business.continue" />
        </SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * `/business/sign-up/` (team-plan §2): the signed-in user founds an organization and goes on
 * to the Team Plan checkout; visitors sign up or log in first and come back here. The
 * trial-extension referral parameter (`ref`) travels along.
 */
export function BusinessSignUpPage() {
  const intl = useIntl();
  const brand = businessBrandName(useBrandName());
  const heading = intl.formatMessage({ id: 'subscriptions.business.heading' }, { brand });
  const me = useMe();
  const [search] = useSearchParams();
  const referral = search.get('ref') || undefined;
  const here = `${PAGE_ROUTES.businessSignUp}${referral ? `?${new URLSearchParams({ ref: referral }).toString()}` : ''}`;
  return (
    <Container size="xs" py="xl">
      {/* The referral parameter does not make another page: the canonical address has none. */}
      <PageHead
        title={heading}
        description={intl.formatMessage({ id: 'subscriptions.business.intro' })}
        path={PAGE_ROUTES.businessSignUp}
      />
      <Stack gap="md">
        <Title order={1}>{heading}</Title>
        <Text>
          <FormattedMessage id="subscriptions.business.intro" />
        </Text>
        {me.is_authenticated ? (
          <OrganizationForm referral={referral} />
        ) : (
          <Stack gap="sm" data-testid="business-sign-up-visitor">
            <Text size="sm">
              <FormattedMessage id="subscriptions.business.visitor" />
            </Text>
            <Button component={Link} to={authPath('signup', here)}>
              <FormattedMessage id="subscriptions.business.createAccount" />
            </Button>
            <Button component={Link} to={authPath('login', here)} variant="default">
              <FormattedMessage id="subscriptions.business.haveAccount" />
            </Button>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
