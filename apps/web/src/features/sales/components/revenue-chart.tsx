import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SalesReport } from '@qbank/contract';
import { formatMoney, formatMonth } from './money';

/** One colour per plan, in the chart's order: dark enough against white for the legend's swatches (3:1). */
const PLAN_COLORS = ['#1c5d99', '#b35900', '#2b7a3d', '#8a3ab9', '#a61e4d', '#0b7285', '#5c5f66'];
export const planColor = (i: number) => PLAN_COLORS[i % PLAN_COLORS.length]!;

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Revenue by month as bars split by plan (the roster's activity chart, stacked). Drawn for one currency; each
 * bar's words (month, total, each plan) are its text for screen readers, and the table below it says the same.
 */
export function RevenueChart({ report, currency }: { report: SalesReport; currency: string }) {
  const plans = report.plans;
  const cell = (month: string, planUuid: string | null) =>
    report.revenue
      .filter((r) => r.month === month && r.planUuid === planUuid && r.currency === currency)
      .reduce((n, r) => n + r.amountCents, 0);
  const bars = report.months.map((month) => {
    const parts = plans.map((p, i) => ({ ...p, color: planColor(i), cents: cell(month, p.planUuid) }));
    return { month, parts, total: parts.reduce((n, p) => n + p.cents, 0) };
  });
  const most = Math.max(1, ...bars.map((b) => b.total));
  const shown = plans.map((p, i) => ({ ...p, color: planColor(i) }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="revenue-chart-title">
      <Title order={2} size="h4" id="revenue-chart-title">
        Revenue by month
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Each month's purchases and renewals in {currency.toUpperCase()}, split by plan.
      </Text>
      <Group
        component="ol"
        gap={4}
        align="flex-end"
        wrap="nowrap"
        p={0}
        m={0}
        h={160}
        aria-label="Revenue each month"
        style={{ listStyle: 'none' }}
      >
        {bars.map((b) => {
          const words = b.parts
            .filter((p) => p.cents > 0)
            .map((p) => `${p.planName} ${formatMoney(p.cents, currency)}`)
            .join(', ');
          const label = `${formatMonth(b.month)}: ${formatMoney(b.total, currency)}${words ? ` (${words})` : ''}`;
          return (
            <Stack
              key={b.month}
              component="li"
              gap={0}
              justify="flex-end"
              align="stretch"
              h="100%"
              style={{ flex: 1, minWidth: 0, position: 'relative' }}
              title={label}
              data-month={b.month}
            >
              {b.total === 0 ? (
                <div style={{ height: 2, background: 'var(--mantine-color-gray-3)', borderRadius: 3 }} />
              ) : (
                [...b.parts]
                  .reverse()
                  .map((p) =>
                    p.cents > 0 ? (
                      <div
                        key={p.planUuid ?? 'none'}
                        style={{ height: `${Math.max(2, (p.cents / most) * 140)}px`, background: p.color }}
                      />
                    ) : null,
                  )
              )}
              <span style={srOnly}>{label}</span>
            </Stack>
          );
        })}
      </Group>
      <Group justify="space-between" mt={4} aria-hidden>
        <Text size="xs" c="gray.7">
          {report.months[0] ? formatMonth(report.months[0]) : ''}
        </Text>
        <Text size="xs" c="gray.7">
          {report.months.at(-1) ? formatMonth(report.months.at(-1)!) : ''}
        </Text>
      </Group>
      <Group component="ul" gap="md" mt="sm" p={0} aria-label="Plans" style={{ listStyle: 'none' }}>
        {shown.map((p) => (
          <Group key={p.planUuid ?? 'none'} component="li" gap={6} wrap="nowrap">
            <Box w={12} h={12} style={{ background: p.color, borderRadius: 2 }} aria-hidden />
            <Text size="sm">{p.planName}</Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
