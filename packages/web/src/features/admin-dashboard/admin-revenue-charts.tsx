import '@mantine/charts/styles.css';
import { isCurrencyCode, minorUnitExponent, type AdminAnalytics } from '@lectern/domain';
import { BarChart, CompositeChart, DonutChart } from '@mantine/charts';
import { Card, ColorSwatch, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

const STATUS_COLORS = {
  trial: 'blue.5',
  active: 'teal.6',
  past_due: 'orange.6',
  cancelled: 'grape.5',
  expired: 'gray.5',
} as const;
const STATUS_LABELS = {
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
} as const;

/** Chart values are major units of the base currency; axes and tooltips format them. */
function currencyTools(currency: string) {
  const exponent = isCurrencyCode(currency) ? minorUnitExponent(currency) : 2;
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  });
  return {
    major: (minor: number) => minor / 10 ** exponent,
    format: (value: number) => format.format(value),
  };
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/** MRR at each month's end (a line) over the month's movements (bars; losses below zero). */
export function MrrChart({ analytics }: { analytics: AdminAnalytics }) {
  const { major, format } = currencyTools(analytics.base_currency);
  const data = analytics.mrr_history.map((point) => ({
    month: SHORT_MONTH.format(new Date(`${point.date}T00:00:00Z`)),
    MRR: major(point.mrr),
    New: major(point.new_mrr),
    Expansion: major(point.expansion_mrr),
    Contraction: -major(point.contraction_mrr),
    Churned: -major(point.churned_mrr),
  }));
  return (
    <ChartCard
      title="MRR over time"
      description="MRR at the end of each month, with what moved it: new plans and growth above the line, shrinking and churned plans below."
    >
      <CompositeChart
        h={260}
        data={data}
        dataKey="month"
        valueFormatter={format}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        maxBarWidth={28}
        series={[
          { name: 'New', color: 'teal.6', type: 'bar' },
          { name: 'Expansion', color: 'blue.5', type: 'bar' },
          { name: 'Contraction', color: 'orange.5', type: 'bar' },
          { name: 'Churned', color: 'red.6', type: 'bar' },
          { name: 'MRR', color: 'indigo.7', type: 'line' },
        ]}
      />
    </ChartCard>
  );
}

/** Gross sales per day of the period, days without sales shown as zero. */
export function DailySalesChart({ analytics }: { analytics: AdminAnalytics }) {
  const { major, format } = currencyTools(analytics.base_currency);
  const byDay = new Map(analytics.daily_sales.map((day) => [day.date, day]));
  const data: { day: string; 'Gross sales': number }[] = [];
  const start = Date.parse(`${analytics.current.from}T00:00:00Z`);
  const end = Date.parse(`${analytics.current.to}T00:00:00Z`);
  for (let at = start; at <= end; at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    data.push({ day: SHORT_DAY.format(at), 'Gross sales': major(byDay.get(date)?.gross_sales ?? 0) });
  }
  return (
    <ChartCard
      title="Daily sales"
      description="Gross sales of courses and plans per day (UTC), tax included."
    >
      <BarChart
        h={220}
        data={data}
        dataKey="day"
        valueFormatter={format}
        series={[{ name: 'Gross sales', color: 'indigo.6' }]}
      />
    </ChartCard>
  );
}

/** How many plans are in each state now. */
export function SubscriptionStatusChart({ analytics }: { analytics: AdminAnalytics }) {
  const data = analytics.subscriptions_by_status.map((row) => ({
    name: STATUS_LABELS[row.status],
    value: row.count,
    color: STATUS_COLORS[row.status],
  }));
  const total = data.reduce((sum, row) => sum + row.value, 0);
  return (
    <ChartCard
      title="Subscriptions by status"
      description="Every Team Plan and Personal Plan, as it stands now."
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {total === 0 ? (
          <Text size="sm">No subscriptions yet.</Text>
        ) : (
          <DonutChart
            data={data}
            size={160}
            thickness={26}
            withTooltip
            tooltipDataSource="segment"
            chartLabel={total}
            mx="auto"
          />
        )}
        <Stack gap={6} justify="center">
          {data.map((row) => (
            <Group key={row.name} gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${row.color.replace('.', '-')})`} size={12} />
              <Text size="sm" style={{ flex: 1 }}>
                {row.name}
              </Text>
              <Text size="sm" fw={600}>
                {row.value}
              </Text>
            </Group>
          ))}
        </Stack>
      </SimpleGrid>
    </ChartCard>
  );
}
