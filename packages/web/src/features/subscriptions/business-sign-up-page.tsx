import { PAGE_ROUTES, businessBrandName } from '@lectern/domain';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Island } from '../../app/islands/island';
import { useBrandName, useMe } from '../../app/user-context/use-user-context';
import { authPath } from '../auth/auth-paths';
import { PageHead } from '../seo/page-head';
import { OrganizationForm } from './organization-form';

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
          <Island name="organization-form" component={OrganizationForm} props={{ referral }} />
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
