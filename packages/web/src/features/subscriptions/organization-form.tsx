import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRefreshAfterAuthChange } from '../../app/user-context/use-user-context';
import { isApiError, useApiClient } from '../../platform/api';
import { AppLink, useNavigation } from '../../platform/navigation/navigation';
import { PlainButton } from '../../ui/plain-button';
import { PlainAlert, PlainTextField } from '../../ui/plain-form';
import { useHydrated } from '../../ui/use-hydrated';
import { businessSignUp } from './business-sign-up-api';
import classes from './organization-form.module.css';

const NAME_MAX = 120;

/**
 * The business sign-up's form (team-plan §2): the signed-in user names their organization and
 * goes on to the Team Plan checkout. Island-safe (the page is hydrated as islands); until it
 * is hydrated its button is disabled, so the form cannot be sent the browser's way.
 */
export function OrganizationForm({ referral }: { referral?: string }) {
  const intl = useIntl();
  const api = useApiClient();
  const { navigate } = useNavigation();
  const refresh = useRefreshAfterAuthChange();
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await businessSignUp(api, {
        organization_name: name.trim(),
        ...(referral ? { trial_extension: referral } : {}),
      });
      // The user now belongs to an organization: the context (and its admin flags) changed.
      await refresh();
      navigate(answer.next);
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  const localError =
    touched && !name.trim() ? intl.formatMessage({ id: 'subscriptions.business.nameRequired' }) : null;
  const fieldError = isApiError(error) ? (error.fieldErrors.organization_name?.[0] ?? null) : null;
  const alreadyMember = isApiError(error) && error.code === 'already_in_organization';
  return (
    <form
      noValidate
      className={classes.form}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (name.trim() && !pending) void submit();
      }}
    >
      <PlainTextField
        name="organization_name"
        label={intl.formatMessage({ id: 'subscriptions.business.organizationName' })}
        required
        maxLength={NAME_MAX}
        autoComplete="organization"
        value={name}
        error={localError ?? fieldError}
        onBlur={() => setTouched(true)}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      {error !== null && !fieldError && (
        <PlainAlert tone={alreadyMember ? 'yellow' : 'red'}>
          <span>
            {isApiError(error) && error.isParsedError ? error.detail : SUBSCRIPTION_MESSAGES.loadFailed}
          </span>
          {alreadyMember && (
            <AppLink to={PAGE_ROUTES.manageSubscriptions}>
              <FormattedMessage id="subscriptions.business.seeSubscription" />
            </AppLink>
          )}
        </PlainAlert>
      )}
      <PlainButton type="submit" disabled={!hydrated || pending} aria-busy={pending || undefined}>
        <FormattedMessage id="subscriptions.business.continue" />
      </PlainButton>
    </form>
  );
}
