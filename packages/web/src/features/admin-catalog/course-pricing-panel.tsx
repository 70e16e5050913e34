import { money, type AdminCourseDetail, type AdminMoney } from '@lectern/domain';
import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { pricePreviewQuery, priceTiersQuery } from './admin-catalog-api';

const shown = (value: AdminMoney) => adminMoney(money(value.amount, value.currency));

/** `datetime-local` text in the viewer's time zone, as an ISO moment (null when empty). */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/**
 * The course's price: its tier now, a new tier now or from a date (scheduled changes listed,
 * pending ones cancellable), and what a buyer in a chosen country pays with tax.
 */
export function CoursePricingPanel({
  course,
  mayPrice,
  onSetPrice,
  onCancel,
}: {
  course: AdminCourseDetail;
  mayPrice: boolean;
  onSetPrice: (input: { price_tier_id: number; effective_at: string | null }) => Promise<unknown>;
  onCancel: (changeId: number) => Promise<unknown>;
}) {
  const api = useApiClient();
  const tiers = useQuery(priceTiersQuery(api));
  const [tierId, setTierId] = useState<string | null>(null);
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: () => onSetPrice({ price_tier_id: Number(tierId), effective_at: isoOf(when) }),
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: () => {
      setMessage({ tone: 'green', text: when ? 'The new price is scheduled.' : 'The price is changed now.' });
      setTierId(null);
      setWhen('');
    },
    onError: (error) => {
      if (isApiError(error)) {
        setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, value.join(' ')])),
        );
        setMessage({ tone: 'red', text: error.detail });
      } else setMessage({ tone: 'red', text: 'The price could not be saved.' });
    },
  });
  const cancel = useMutation({ mutationFn: (changeId: number) => onCancel(changeId) });
  const current = tiers.data?.results.find((tier) => tier.id === course.price_tier?.id);
  const tierOptions = (tiers.data?.results ?? []).map((tier) => ({
    value: String(tier.id),
    label: tier.name,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tierId) {
      setErrors({ price_tier_id: 'Choose a price tier.' });
      return;
    }
    save.mutate();
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={3} size="h4">
          Current price
        </Title>
        {course.price_tier ? (
          <Text>
            {course.price_tier.name}
            {current?.amounts.USD !== undefined &&
              ` — ${shown({ amount: current.amounts.USD, currency: 'USD' })}`}
            {current?.amounts.EUR !== undefined &&
              `, ${shown({ amount: current.amounts.EUR, currency: 'EUR' })}`}
            {current?.amounts.JPY !== undefined &&
              `, ${shown({ amount: current.amounts.JPY, currency: 'JPY' })}`}
          </Text>
        ) : (
          <Text c="dimmed">No price tier yet: choose one below (needed to publish).</Text>
        )}
      </Stack>

      {mayPrice ? (
        <Stack gap="sm" component="form" onSubmit={submit} aria-label="Change the price">
          <Title order={3} size="h4">
            Change the price
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="New price tier"
              placeholder="Choose a price tier"
              data={tierOptions}
              value={tierId}
              onChange={setTierId}
              error={errors.price_tier_id}
              searchable
            />
            <TextInput
              label="From (optional)"
              description="Leave empty to change the price now. Orders and checkouts already started keep their price."
              type="datetime-local"
              value={when}
              onChange={(event) => setWhen(event.currentTarget.value)}
              error={errors.effective_at}
            />
          </SimpleGrid>
          {message && (
            <Alert color={message.tone} variant="light" role={message.tone === 'red' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {when ? 'Schedule price' : 'Change price now'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed">Your role may not change prices.</Text>
      )}

      <Stack gap="xs">
        <Title order={3} size="h4">
          Scheduled prices
        </Title>
        {course.scheduled_prices.length === 0 ? (
          <Text c="dimmed">None.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Caption>Price tiers scheduled from a date</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Tier</Table.Th>
                  <Table.Th scope="col">From</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {course.scheduled_prices.map((change) => (
                  <Table.Tr key={change.id}>
                    <Table.Td>{change.price_tier.name}</Table.Td>
                    <Table.Td>{adminDateTime(change.effective_at)}</Table.Td>
                    <Table.Td>
                      {change.state === 'applied' && change.applied_at
                        ? `Applied ${adminDateTime(change.applied_at)}`
                        : change.state === 'cancelled'
                          ? 'Cancelled'
                          : 'Pending'}
                    </Table.Td>
                    <Table.Td>
                      {change.state === 'pending' && mayPrice && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={cancel.isPending && cancel.variables === change.id}
                          onClick={() => cancel.mutate(change.id)}
                          aria-label={`Cancel the ${change.price_tier.name} price scheduled from ${adminDateTime(change.effective_at)}`}
                        >
                          Cancel
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {cancel.isError && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(cancel.error) ? cancel.error.detail : 'The scheduled price could not be cancelled.'}
          </Alert>
        )}
      </Stack>

      <PricePreview course={course} tierId={tierId ? Number(tierId) : undefined} />
    </Stack>
  );
}

/** What a buyer in a country pays: the currency, the tier's amount there, the tax, the total. */
function PricePreview({ course, tierId }: { course: AdminCourseDetail; tierId?: number }) {
  const api = useApiClient();
  const [typed, setTyped] = useState({ country: 'US', location: '' });
  const [asked, setAsked] = useState<{ country: string; secondary_location?: string } | null>(null);
  const preview = useQuery({
    ...pricePreviewQuery(api, course.id, { ...(asked ?? { country: 'US' }), price_tier_id: tierId }),
    enabled: asked !== null && (tierId !== undefined || course.price_tier !== null),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked({
      country: typed.country.trim().toUpperCase(),
      secondary_location: typed.location.trim() || undefined,
    });
  };
  const fieldError =
    preview.isError && isApiError(preview.error) ? preview.error.fieldErrors.country?.join(' ') : undefined;
  return (
    <Stack gap="sm" component="form" onSubmit={submit} aria-label="What a buyer pays">
      <Title order={3} size="h4">
        What a buyer pays
      </Title>
      <Text size="sm" c="dimmed">
        {tierId ? 'For the tier chosen above.' : 'At the current price.'} The currency follows the country;
        tax is computed as the checkout does.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Country"
          description="Two letters, e.g. DE"
          w={140}
          maxLength={2}
          value={typed.country}
          onChange={(event) => setTyped((current) => ({ ...current, country: event.currentTarget.value }))}
          error={fieldError}
        />
        <TextInput
          label="ZIP, province or state"
          description="Where the tax depends on it (US, CA, IN, AE)"
          w={260}
          maxLength={10}
          value={typed.location}
          onChange={(event) => setTyped((current) => ({ ...current, location: event.currentTarget.value }))}
        />
        <Button type="submit" variant="default" loading={preview.isFetching}>
          Show price
        </Button>
      </Group>
      {preview.isError && !fieldError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(preview.error) ? preview.error.detail : 'The price could not be worked out.'}
        </Alert>
      )}
      {preview.data && (
        <Table withTableBorder maw={480} aria-live="polite">
          <Table.Caption>
            {preview.data.price_tier.name} for a buyer in {preview.data.country} ({preview.data.currency})
          </Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Price</Table.Th>
              <Table.Td ta="right">{shown(preview.data.list_price)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">
                {preview.data.tax
                  ? `Tax ${preview.data.tax.rate_percent}% (${preview.data.tax.mode === 'tax_inclusive' ? 'included' : 'added'})`
                  : 'Tax'}
              </Table.Th>
              <Table.Td ta="right">
                {preview.data.tax ? shown(preview.data.tax.amount) : (preview.data.tax_problem ?? '—')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">The buyer pays</Table.Th>
              <Table.Td ta="right" fw={700}>
                {shown(preview.data.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
