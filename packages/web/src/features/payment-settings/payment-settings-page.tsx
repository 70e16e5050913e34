import {
  cardBrandName,
  cardExpiryState,
  CHECKOUT_MESSAGES,
  PAGE_ROUTES,
  type StoredPaymentMethod,
} from '@lectern/domain';
import { Button, Container, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { PageLoader } from '../../ui/page-loader';
import { useFeedback } from '../../app/feedback/feedback-provider';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { authPath } from '../auth/auth-paths';
import { deleteStoredPaymentMethod, storedPaymentMethodsQuery } from './payment-settings-api';

/** Checkout §2 page states of the saved payment methods page. */
export type PaymentSettingsState = 'LOADING' | 'ERROR' | 'EMPTY' | 'DONE';

export function paymentSettingsState(query: {
  isPending: boolean;
  isError: boolean;
  count: number;
}): PaymentSettingsState {
  if (query.isPending) return 'LOADING';
  if (query.isError) return 'ERROR';
  return query.count === 0 ? 'EMPTY' : 'DONE';
}

/** `/user-manage/payment-settings/`: the saved cards, each removable after a confirmation. */
export function PaymentSettingsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'paymentSettings.pageTitle' }));
  const { me } = useUserContext();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{CHECKOUT_MESSAGES.paymentMethodsTitle}</Title>
          <Text>{CHECKOUT_MESSAGES.paymentMethodsSubtitle}</Text>
        </Stack>
        {me.is_authenticated ? (
          <SavedMethods />
        ) : (
          <Button component={Link} to={authPath('login', PAGE_ROUTES.paymentSettings)} w="fit-content">
            <FormattedMessage id="common.logInToSee" />
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function cardLabel(intl: ReturnType<typeof useIntl>, method: StoredPaymentMethod): string {
  const card = method.payment_method_details.card;
  return intl.formatMessage(
    { id: 'paymentSettings.card' },
    { brand: cardBrandName(card.brand), last4: card.last_4_digit },
  );
}

function SavedMethods() {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const query = storedPaymentMethodsQuery(api);
  const methods = useQuery(query);
  const [confirming, setConfirming] = useState<StoredPaymentMethod | null>(null);
  const feedback = useFeedback();
  const removal = useMutation({
    mutationFn: (method: StoredPaymentMethod) => deleteStoredPaymentMethod(api, method.id),
    onSuccess: async () => {
      feedback.push({ kind: 'toast', variant: 'success', text: CHECKOUT_MESSAGES.removalSucceeded });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
    onError: (error) => {
      reportError(error, { step: 'delete-stored-payment-method' });
      feedback.push({ kind: 'toast', variant: 'error', text: CHECKOUT_MESSAGES.removalFailed });
    },
    onSettled: () => setConfirming(null),
  });

  const state = paymentSettingsState({
    isPending: methods.isPending,
    isError: methods.isError,
    count: methods.data?.results.length ?? 0,
  });
  const now = new Date();
  return (
    <Stack gap="md" data-state={state} data-testid="payment-settings">
      {state === 'LOADING' && <PageLoader label={intl.formatMessage({ id: 'paymentSettings.loading' })} />}
      {state === 'ERROR' && (
        <LoadErrorAlert
          message={CHECKOUT_MESSAGES.storedMethodLoadFailed}
          onRetry={() => void methods.refetch()}
        />
      )}
      {state === 'EMPTY' && <Text>{CHECKOUT_MESSAGES.paymentMethodsEmpty}</Text>}
      {state === 'DONE' && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {methods.data?.results.map((method) => {
            const card = method.payment_method_details.card;
            const label = cardLabel(intl, method);
            const expiry = cardExpiryState(card.expiry_month, card.expiry_year, now);
            return (
              <Paper component="li" withBorder radius="md" p="md" key={method.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={700}>{label}</Text>
                    <Text size="sm">
                      <FormattedMessage
                        id="paymentSettings.expires"
                        values={{ month: String(card.expiry_month).padStart(2, '0'), year: card.expiry_year }}
                      />
                    </Text>
                    {expiry !== 'valid' && (
                      <Text size="sm" c="red.9">
                        {expiry === 'expired'
                          ? CHECKOUT_MESSAGES.cardExpired
                          : CHECKOUT_MESSAGES.cardAboutToExpire}
                      </Text>
                    )}
                    {method.is_used_by_subscription && (
                      <Text size="sm">{CHECKOUT_MESSAGES.usedBySubscription}</Text>
                    )}
                  </Stack>
                  <Button
                    variant="default"
                    color="red"
                    disabled={method.is_used_by_subscription}
                    aria-label={intl.formatMessage({ id: 'paymentSettings.delete' }, { card: label })}
                    onClick={() => setConfirming(method)}
                  >
                    <FormattedMessage id="paymentSettings.confirm" />
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={intl.formatMessage({ id: 'paymentSettings.confirmTitle' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'paymentSettings.cancel' }) }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            <FormattedMessage
              id="paymentSettings.confirmBody"
              values={{ card: confirming ? cardLabel(intl, confirming) : '' }}
            />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={removal.isPending}>
              <FormattedMessage id="paymentSettings.cancel" />
            </Button>
            <Button
              color="red"
              loading={removal.isPending}
              onClick={() => confirming && removal.mutate(confirming)}
            >
              <FormattedMessage id="paymentSettings.confirm" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
