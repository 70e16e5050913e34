import { ADMIN_ANALYTICS_MAX_DAYS, previousPeriod, type AdminAnalytics } from '@lectern/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDate, adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { adminCoursePath } from '../admin-catalog/admin-catalog-api';
import { adminAnalyticsQuery } from './admin-dashboard-api';
import { FigureCard, formatFigure, type FigureKey } from './admin-figure';
import {
  ADMIN_PERIOD_LABELS,
  ADMIN_PERIOD_PRESETS,
  isPeriodPreset,
  periodOf,
  type AdminPeriodPreset,
} from './admin-periods';

// The charts' library is most of the page's code: the figures show first, the charts follow.
const chartsModule = () => import('./admin-revenue-charts');
const DailySalesChart = lazy(() => chartsModule().then((module) => ({ default: module.DailySalesChart })));
const SubscriptionStatusChart = lazy(() =>
  chartsModule().then((module) => ({ default: module.SubscriptionStatusChart })),
);
const MrrChart = lazy(() => chartsModule().then((module) => ({ default: module.MrrChart })));

/** Holds a chart's place while its code loads, at its height, so nothing below it moves. */
function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense fallback={<Card withBorder padding="md" h={height} aria-busy="true" />}>{children}</Suspense>
  );
}

const SALES_FIGURES: FigureKey[] = [
  'gross_sales',
  'refunds',
  'tax_collected',
  'net_revenue',
  'orders',
  'average_order_value',
];
const PLAN_FIGURES: FigureKey[] = [
  'mrr',
  'arr',
  'active_subscriptions',
  'trial_conversion_rate',
  'new_mrr',
  'expansion_mrr',
  'contraction_mrr',
  'churned_mrr',
  'logo_churn_rate',
  'revenue_churn_rate',
  'recovery_rate',
  'failed_invoices',
];
const PERIOD_OPTIONS = [...ADMIN_PERIOD_PRESETS, 'custom' as const].map((value) => ({
  value,
  label: ADMIN_PERIOD_LABELS[value],
}));

/** The period of the URL: `?period=<preset>` or `?from=&to=` (custom); this month by default. */
function usePeriod() {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from');
  const to = search.get('to');
  const preset = search.get('period');
  const choice: AdminPeriodPreset | 'custom' =
    from && to ? 'custom' : isPeriodPreset(preset) ? preset : 'this_month';
  const period = choice === 'custom' ? { from: from!, to: to! } : periodOf(choice, new Date());
  const choose = (next: Record<string, string>) =>
    setSearch(
      (current) => {
        const kept = new URLSearchParams(current);
        for (const key of ['period', 'from', 'to']) kept.delete(key);
        for (const [key, value] of Object.entries(next)) kept.set(key, value);
        return kept;
      },
      { replace: true },
    );
  return { choice, period, choose };
}

function PeriodPicker({ period, choice, choose }: ReturnType<typeof usePeriod>) {
  const [custom, setCustom] = useState(choice === 'custom');
  const [draft, setDraft] = useState(period);
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError('Choose both days.');
    if (draft.from > draft.to) return setError('The last day must be on or after the first.');
    setError(null);
    choose({ from: draft.from, to: draft.to });
  };
  return (
    <Stack gap="xs">
      <Select
        label="Period"
        data={PERIOD_OPTIONS}
        value={custom ? 'custom' : choice}
        allowDeselect={false}
        w={200}
        onChange={(value) => {
          if (value === 'custom') {
            setDraft(period);
            setCustom(true);
          } else if (isPeriodPreset(value)) {
            setCustom(false);
            choose({ period: value });
          }
        }}
      />
      {custom && (
        <form onSubmit={apply} aria-label="Custom period">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              w={160}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              w={160}
              error={error}
            />
            <Button type="submit" variant="light">
              Show
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

/**
 * The dashboard's revenue analytics (issue 33): the figures of a period in the base currency,
 * each beside the previous period's and explained by a tooltip, and the charts and lists that
 * are easier to look at than to read.
 */
export function RevenueAnalytics() {
  const api = useApiClient();
  const state = usePeriod();
  const analytics = useQuery({
    ...adminAnalyticsQuery(api, state.period),
    placeholderData: keepPreviousData,
  });
  const before = previousPeriod(state.period.from, state.period.to);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            Revenue
          </Title>
          <Text size="sm" c="dimmed">
            {adminDate(`${state.period.from}T12:00:00Z`)} – {adminDate(`${state.period.to}T12:00:00Z`)},
            compared with {adminDate(`${before.from}T12:00:00Z`)} – {adminDate(`${before.to}T12:00:00Z`)}{' '}
            (UTC)
          </Text>
        </div>
        <PeriodPicker {...state} />
      </Group>
      {analytics.isPending ? (
        <PageLoader label="Loading the revenue figures" />
      ) : analytics.isError ? (
        isApiError(analytics.error) && analytics.error.statusCode === 400 ? (
          <Alert color="red" variant="light" title="This period cannot be shown">
            Choose a period of at most {ADMIN_ANALYTICS_MAX_DAYS} days whose last day is on or after its
            first.
          </Alert>
        ) : (
          <LoadErrorAlert
            message="The revenue figures could not be loaded."
            onRetry={() => void analytics.refetch()}
          />
        )
      ) : (
        <AnalyticsBody data={analytics.data} />
      )}
    </Stack>
  );
}

function AnalyticsBody({ data }: { data: AdminAnalytics }) {
  const currency = data.base_currency;
  const amount = (value: number) => formatFigure(value, 'money', currency);
  return (
    <Stack gap="md" data-testid="revenue-analytics">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {SALES_FIGURES.map((figure) => (
          <FigureCard
            key={figure}
            figure={figure}
            current={data.current}
            previous={data.previous}
            currency={currency}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartSlot height={318}>
          <DailySalesChart analytics={data} />
        </ChartSlot>
        <ChartSlot height={318}>
          <SubscriptionStatusChart analytics={data} />
        </ChartSlot>
      </SimpleGrid>
      <Title order={2} size="h3" mt="sm">
        Subscriptions
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {PLAN_FIGURES.map((figure) => (
          <FigureCard
            key={figure}
            figure={figure}
            current={data.current}
            previous={data.previous}
            currency={currency}
          />
        ))}
      </SimpleGrid>
      <ChartSlot height={370}>
        <MrrChart analytics={data} />
      </ChartSlot>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Card withBorder padding="md" component="section" aria-label="Top courses">
          <Title order={2} size="h4" mb="sm">
            Top courses
          </Title>
          {data.top_courses.length === 0 ? (
            <Text size="sm">No course sales in this period.</Text>
          ) : (
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Course</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Sold
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Sales without tax
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.top_courses.map((course) => (
                  <Table.Tr key={course.course_id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Link to={adminCoursePath(course.course_id)}>{course.title}</Link>
                    </Table.Td>
                    <Table.Td ta="right">{course.sales}</Table.Td>
                    <Table.Td ta="right">{amount(course.net_sales)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <Card withBorder padding="md" component="section" aria-label="Sales by country">
          <Title order={2} size="h4" mb="sm">
            Sales by country
          </Title>
          {data.sales_by_country.length === 0 ? (
            <Text size="sm">No sales in this period.</Text>
          ) : (
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Country</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Orders
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Gross sales
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sales_by_country.map((row) => (
                  <Table.Tr key={row.country}>
                    <Table.Td>{COUNTRY_NAMES.of(row.country) ?? row.country}</Table.Td>
                    <Table.Td ta="right">{row.orders}</Table.Td>
                    <Table.Td ta="right">{amount(row.gross_sales)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
      {data.unconverted.length > 0 && (
        <Alert color="yellow" variant="light" title="Sales without an exchange rate">
          {data.unconverted.map((row) => adminMoney(row)).join(' · ')} sold in this period had no rate to{' '}
          {currency} on its day and is left out of the figures above.
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        In {currency}, each sale at the exchange rate stored on its day. Figures as of{' '}
        {adminDateTime(data.as_of)}.
      </Text>
    </Stack>
  );
}

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
