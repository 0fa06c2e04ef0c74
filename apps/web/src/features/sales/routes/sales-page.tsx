import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { activeSubscription, REFERRAL_DAYS, type SalesQuery, type SalesReport } from '@qbank/contract';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import { type FormEvent, useState } from 'react';
import { AdminHeading } from '../../../components/admin-heading';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { salesCsvUrl, useSalesReport } from '../api/sales';
import { formatMoney, formatMonth, formatRate } from '../components/money';
import { planColor, RevenueChart } from '../components/revenue-chart';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The periods offered at once; "custom" keeps the dates typed. */
const PRESETS = {
  year: 'Last 12 months',
  quarter: 'Last 3 months',
  thisYear: 'This year',
  lastYear: 'Last year',
  custom: 'Custom dates',
} as const;
type Preset = keyof typeof PRESETS;

function presetPeriod(p: Exclude<Preset, 'custom'>, now = new Date()): Required<SalesQuery> {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const monthStart = (back: number) => isoDay(new Date(Date.UTC(y, m - back, 1)));
  switch (p) {
    case 'year':
      return { from: monthStart(11), to: isoDay(now) };
    case 'quarter':
      return { from: monthStart(2), to: isoDay(now) };
    case 'thisYear':
      return { from: `${y}-01-01`, to: isoDay(now) };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

const scrollBox = (label: string) =>
  ({
    role: 'region',
    'aria-label': label,
    // A box that scrolls sideways takes the keyboard.
    tabIndex: 0,
    style: { overflowX: 'auto', maxWidth: '100%' },
  }) as const;

/** The period: a preset or two dates, applied together; a date the server refuses says why under it. */
function PeriodForm({
  value,
  onApply,
  fieldError,
}: {
  value: Required<SalesQuery>;
  onApply: (q: Required<SalesQuery>) => void;
  fieldError: { field: string; message: string } | null;
}) {
  const [preset, setPreset] = useState<Preset>('year');
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ from, to });
  };
  const choose = (p: Preset) => {
    setPreset(p);
    if (p === 'custom') return;
    const period = presetPeriod(p);
    setFrom(period.from);
    setTo(period.to);
    onApply(period);
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Period">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Period"
          value={preset}
          onChange={(e) => choose(e.currentTarget.value as Preset)}
          data={Object.entries(PRESETS).map(([v, label]) => ({ value: v, label }))}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => {
            setPreset('custom');
            setFrom(e.currentTarget.value);
          }}
          error={fieldError?.field === 'from' ? fieldError.message : undefined}
          w={{ base: '100%', xs: 170 }}
          required
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => {
            setPreset('custom');
            setTo(e.currentTarget.value);
          }}
          error={fieldError?.field === 'to' ? fieldError.message : undefined}
          w={{ base: '100%', xs: 170 }}
          required
        />
        <Button type="submit" variant="default">
          Show
        </Button>
      </Group>
    </Paper>
  );
}

function Figure({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="gray.7">
        {help}
      </Text>
    </Paper>
  );
}

function Figures({ report }: { report: SalesReport }) {
  const s = report.subscriptions;
  const revenue = report.totals.length
    ? report.totals.map((t) => formatMoney(t.amountCents, t.currency)).join(' + ')
    : formatMoney(0, 'usd');
  const sold = report.totals.reduce((n, t) => n + t.purchases, 0);
  const renewed = report.totals.reduce((n, t) => n + t.renewals, 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="section" aria-label="Figures">
      <Figure label="Revenue" value={revenue} help={`${sold} purchases, ${renewed} renewals in the period`} />
      <Figure label="Active subscriptions" value={String(s.active)} help="Paid access running now" />
      <Figure label="Renewing" value={String(s.renewing)} help="Active, with auto-renew on" />
      <Figure label="Cancelled" value={String(s.cancelled)} help="Paid access that has ended" />
      <Figure
        label="Churn"
        value={formatRate(report.periodChurn)}
        help="Ended in the period, of those active at its start"
      />
    </SimpleGrid>
  );
}

/** The chart's words as a table: every month, each plan's amount, the month's total. */
function RevenueTable({ report, currency }: { report: SalesReport; currency: string }) {
  const rows = report.months.map((month) => {
    const of = report.revenue.filter((r) => r.month === month && r.currency === currency);
    return {
      month,
      byPlan: report.plans.map((p) =>
        of.filter((r) => r.planUuid === p.planUuid).reduce((n, r) => n + r.amountCents, 0),
      ),
      purchases: of.reduce((n, r) => n + r.purchases, 0),
      renewals: of.reduce((n, r) => n + r.renewals, 0),
      total: of.reduce((n, r) => n + r.amountCents, 0),
    };
  });
  return (
    <div {...scrollBox('Revenue by month and plan, scrolls sideways')}>
      <Table striped style={{ minWidth: 420 + report.plans.length * 110 }}>
        <Table.Caption>Revenue by month and plan ({currency.toUpperCase()})</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            {report.plans.map((p, i) => (
              <Table.Th key={p.planUuid ?? 'none'} scope="col" ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap" component="span">
                  <span
                    aria-hidden
                    style={{ width: 10, height: 10, borderRadius: 2, background: planColor(i) }}
                  />
                  {p.planName}
                </Group>
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Purchases
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Renewals
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.month}>
              <Table.Th scope="row" fw={500}>
                {formatMonth(r.month)}
              </Table.Th>
              {r.byPlan.map((cents, i) => (
                <Table.Td key={report.plans[i]!.planUuid ?? 'none'} ta="right">
                  {formatMoney(cents, currency)}
                </Table.Td>
              ))}
              <Table.Td ta="right">{r.purchases}</Table.Td>
              <Table.Td ta="right">{r.renewals}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(r.total, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function ChurnTable({ report }: { report: SalesReport }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="churn-title">
      <Title order={2} size="h4" id="churn-title">
        Churn by month
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Paid subscriptions whose access ended in a month, of those active when it began.
      </Text>
      <div {...scrollBox('Churn by month, scrolls sideways')}>
        <Table striped style={{ minWidth: 460 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Month</Table.Th>
              <Table.Th scope="col" ta="right">
                Active at start
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Started
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Ended
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Churn
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.churn.map((c) => (
              <Table.Tr key={c.month}>
                <Table.Th scope="row" fw={500}>
                  {formatMonth(c.month)}
                </Table.Th>
                <Table.Td ta="right">{c.activeAtStart}</Table.Td>
                <Table.Td ta="right">{c.started}</Table.Td>
                <Table.Td ta="right">{c.ended}</Table.Td>
                <Table.Td ta="right">{formatRate(c.rate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}

function ReferralTable({ report }: { report: SalesReport }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="referrals-title">
      <Title order={2} size="h4" id="referrals-title">
        Referral tokens
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Links with a tokenId: visits to the landing page, accounts signed up and purchases of this QBank made
        within {REFERRAL_DAYS} days of the visit.
      </Text>
      {report.referrals.length === 0 ? (
        <Text size="sm">No referral token brought a visit, a sign-up or a purchase in this period.</Text>
      ) : (
        <div {...scrollBox('Referral tokens, scrolls sideways')}>
          <Table striped style={{ minWidth: 520 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Token</Table.Th>
                <Table.Th scope="col" ta="right">
                  Visits
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Sign-ups
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Purchases
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Revenue
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.referrals.map((r) => (
                <Table.Tr key={r.tokenId}>
                  <Table.Th scope="row" fw={500} style={{ wordBreak: 'break-all' }}>
                    {r.tokenId}
                  </Table.Th>
                  <Table.Td ta="right">{r.visits}</Table.Td>
                  <Table.Td ta="right">{r.signUps}</Table.Td>
                  <Table.Td ta="right">{r.purchases}</Table.Td>
                  <Table.Td ta="right">
                    {r.revenue.length
                      ? r.revenue.map((m) => formatMoney(m.amountCents, m.currency)).join(' + ')
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

const hasNoSales = (r: SalesReport) =>
  r.totals.length === 0 &&
  r.subscriptions.active + r.subscriptions.cancelled === 0 &&
  r.referrals.length === 0;

function SalesReportView({ productId }: { productId: string }) {
  const [period, setPeriod] = useState<Required<SalesQuery>>(() => presetPeriod('year'));
  const query = useSalesReport(productId, period);
  const fieldError =
    query.error instanceof HttpError && (query.error.field === 'from' || query.error.field === 'to')
      ? { field: query.error.field, message: query.error.serverMessage ?? 'Not a valid date' }
      : null;
  const currencies = [...new Set((query.data?.revenue ?? []).map((r) => r.currency))];
  return (
    <Stack gap="lg">
      <PeriodForm value={period} onApply={setPeriod} fieldError={fieldError} />
      {fieldError ? (
        <Alert color="red" role="alert" title="This period cannot be shown">
          {fieldError.message}
        </Alert>
      ) : (
        <QueryState
          query={query}
          label="Loading the sales"
          errorTitle="The sales could not be loaded"
          errorText="Check your connection and try again."
          empty={{
            when: hasNoSales,
            title: 'No sales yet',
            message:
              'Nothing was bought, renewed or referred in this period. Purchases of your plans show here as they come in.',
          }}
        >
          {(report) => (
            <Stack gap="lg">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text size="sm" c="gray.7" aria-live="polite">
                  {formatMonth(report.months[0]!)} to {formatMonth(report.months.at(-1)!)} ({report.from} to{' '}
                  {report.to})
                </Text>
                <Button
                  component="a"
                  href={salesCsvUrl(productId, period)}
                  download
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  Download CSV
                </Button>
              </Group>
              <Figures report={report} />
              {(currencies.length ? currencies : ['usd']).map((c) => (
                <Stack key={c} gap="sm">
                  <RevenueChart report={report} currency={c} />
                  <RevenueTable report={report} currency={c} />
                </Stack>
              ))}
              <ChurnTable report={report} />
              <ReferralTable report={report} />
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}

/** /admin/sales: what the active QBank sells, for its admins and superusers (docs/sales.md). */
export function SalesPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Sales" />
      <Stack gap="lg">
        <AdminHeading title="Sales" productName={active?.product.name} />
        {active ? (
          <SalesReportView productId={active.product.uuid} />
        ) : (
          <Text>Choose a QBank as your active product to see its sales.</Text>
        )}
      </Stack>
    </Container>
  );
}
