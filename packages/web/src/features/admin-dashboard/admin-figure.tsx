import { ADMIN_FIGURE_EXPLANATIONS, isCurrencyCode, money, type AdminRevenueFigures } from '@lectern/domain';
import { Badge, Card, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { adminMoney } from '../admin-shell/admin-format';

/** The figures the dashboard shows, what kind of number each is, and which way is good. */
export type FigureKey = Exclude<keyof AdminRevenueFigures, 'from' | 'to'>;
type FigureKind = 'money' | 'count' | 'rate';

export const FIGURES: Readonly<
  Record<FigureKey, { label: string; kind: FigureKind; better: 'up' | 'down' | null }>
> = {
  gross_sales: { label: 'Gross sales', kind: 'money', better: 'up' },
  refunds: { label: 'Refunds', kind: 'money', better: 'down' },
  tax_collected: { label: 'Tax collected', kind: 'money', better: null },
  net_revenue: { label: 'Net revenue', kind: 'money', better: 'up' },
  orders: { label: 'Orders', kind: 'count', better: 'up' },
  average_order_value: { label: 'Average order value', kind: 'money', better: 'up' },
  mrr: { label: 'MRR', kind: 'money', better: 'up' },
  arr: { label: 'ARR', kind: 'money', better: 'up' },
  active_subscriptions: { label: 'Active subscriptions', kind: 'count', better: 'up' },
  new_mrr: { label: 'New MRR', kind: 'money', better: 'up' },
  expansion_mrr: { label: 'Expansion MRR', kind: 'money', better: 'up' },
  contraction_mrr: { label: 'Contraction MRR', kind: 'money', better: 'down' },
  churned_mrr: { label: 'Churned MRR', kind: 'money', better: 'down' },
  trials_ended: { label: 'Trials ended', kind: 'count', better: null },
  trials_converted: { label: 'Trials converted', kind: 'count', better: 'up' },
  trial_conversion_rate: { label: 'Trial conversion', kind: 'rate', better: 'up' },
  logo_churn_rate: { label: 'Logo churn', kind: 'rate', better: 'down' },
  revenue_churn_rate: { label: 'Revenue churn', kind: 'rate', better: 'down' },
  failed_invoices: { label: 'Failed payments', kind: 'count', better: 'down' },
  recovered_invoices: { label: 'Payments recovered', kind: 'count', better: 'up' },
  recovery_rate: { label: 'Recovery rate', kind: 'rate', better: 'up' },
};

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const COUNT = new Intl.NumberFormat('en-US');

/** A figure's value as staff read it: an amount of the base currency, a count or a percentage. */
export function formatFigure(value: number | null, kind: FigureKind, currency: string): string {
  if (value === null) return '—';
  if (kind === 'rate') return PERCENT.format(value);
  if (kind === 'count') return COUNT.format(value);
  return isCurrencyCode(currency) ? adminMoney(money(value, currency)) : COUNT.format(value);
}

/**
 * The change from the previous period: a relative change for amounts and counts, a difference
 * in percentage points for rates; null when there is nothing to compare with.
 */
export function changeOf(current: number | null, previous: number | null, kind: FigureKind) {
  if (current === null || previous === null) return null;
  if (kind === 'rate') {
    const points = (current - previous) * 100;
    return { direction: Math.sign(points), text: `${points > 0 ? '+' : ''}${points.toFixed(1)} pts` };
  }
  if (previous === 0) return current === 0 ? { direction: 0, text: 'no change' } : null;
  const relative = (current - previous) / Math.abs(previous);
  return { direction: Math.sign(relative), text: `${relative > 0 ? '+' : ''}${PERCENT.format(relative)}` };
}

/** One figure: its value, the previous period's beside it, and how it is counted in a tooltip. */
export function FigureCard({
  figure,
  current,
  previous,
  currency,
}: {
  figure: FigureKey;
  current: AdminRevenueFigures;
  previous: AdminRevenueFigures;
  currency: string;
}) {
  const { label, kind, better } = FIGURES[figure];
  const change = changeOf(current[figure], previous[figure], kind);
  const good = change && better ? (better === 'up' ? change.direction > 0 : change.direction < 0) : null;
  const color = !change || change.direction === 0 || good === null ? 'gray' : good ? 'teal' : 'red';
  return (
    <Card withBorder padding="sm" component="section" aria-label={label} data-figure={figure}>
      <Tooltip
        label={ADMIN_FIGURE_EXPLANATIONS[figure]}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <UnstyledButton aria-label={`${label}: how it is counted`} style={{ alignSelf: 'flex-start' }}>
          <Text size="xs" c="dimmed" fw={600} td="underline dotted">
            {label}
          </Text>
        </UnstyledButton>
      </Tooltip>
      <Text size="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }} data-testid={`figure-${figure}`}>
        {formatFigure(current[figure], kind, currency)}
      </Text>
      <Group gap={6} mt={4} wrap="wrap">
        {change && (
          <Badge size="sm" variant="light" color={color}>
            {change.text}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          was {formatFigure(previous[figure], kind, currency)}
        </Text>
      </Group>
    </Card>
  );
}
