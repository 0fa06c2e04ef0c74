import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  HEALTH_PAGE_MAX,
  HEALTH_PAGE_SIZE,
  type HealthJob,
  type HealthLevel,
  type HealthMail,
  type HealthSummary,
  type HealthWebhook,
} from '@qbank/contract';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import IconCircleCheck from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
import IconCircleX from '@tabler/icons-react/dist/esm/icons/IconCircleX.mjs';
import IconHelpCircle from '@tabler/icons-react/dist/esm/icons/IconHelpCircle.mjs';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import {
  type HealthAction,
  useHealthAction,
  useHealthJobs,
  useHealthMail,
  useHealthSummary,
  useHealthWebhooks,
} from '../api/health';

/**
 * Each level in words and with its own icon, so it never rests on colour alone; white on these dark shades
 * keeps a contrast of 5:1 or more.
 */
const LEVELS: Record<HealthLevel, { word: string; color: string; Icon: typeof IconCircleCheck }> = {
  ok: { word: 'OK', color: '#237032', Icon: IconCircleCheck },
  warning: { word: 'Needs a look', color: '#8a4d00', Icon: IconAlertTriangle },
  failed: { word: 'Failing', color: '#c92a2a', Icon: IconCircleX },
  unknown: { word: 'Unknown', color: '#495057', Icon: IconHelpCircle },
};

function LevelBadge({ level }: { level: HealthLevel }) {
  const { word, color, Icon } = LEVELS[level];
  return (
    <Badge
      color={color}
      variant="filled"
      size="lg"
      leftSection={<Icon size={16} aria-hidden />}
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {word}
    </Badge>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const count = (n: number | null, unit = '') => (n === null ? 'unknown' : `${n.toLocaleString()}${unit}`);

function seconds(s: number | null) {
  if (s === null) return 'none waiting';
  if (s < 90) return `${s} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}

function bytes(n: number | null) {
  if (n === null) return 'unknown';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(u === 0 ? 0 : 1)} ${units[u]}`;
}

function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <Stack component="dl" gap={4} m={0}>
      {rows.map(([term, value]) => (
        <Group key={term} justify="space-between" gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" c="gray.7">
            {term}
          </Text>
          <Text component="dd" size="sm" m={0} fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function SummaryCard({
  id,
  title,
  level,
  children,
}: {
  id: string;
  title: string;
  level: HealthLevel;
  children: ReactNode;
}) {
  return (
    <Card withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} id={id} size="h4">
          {title}
        </Title>
        <LevelBadge level={level} />
      </Group>
      {children}
    </Card>
  );
}

function SummaryCards({ h }: { h: HealthSummary }) {
  const d = h.database;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <SummaryCard id="health-jobs" title="Job queue" level={h.jobs.level}>
        <Facts
          rows={[
            ['Waiting', count(h.jobs.waiting)],
            ['Running', count(h.jobs.running)],
            ['Failed', count(h.jobs.failed)],
            ['Done in the last 24 h', count(h.jobs.doneLast24h)],
            ['Oldest waiting', seconds(h.jobs.oldestWaitingSeconds)],
          ]}
        />
      </SummaryCard>
      <SummaryCard id="health-mail" title="Mail" level={h.mail.level}>
        <Facts
          rows={[
            ['Transport', h.mail.transport === 'outbox' ? 'Outbox (embedded)' : 'SMTP'],
            ['Queued', count(h.mail.queued)],
            ['Failed', count(h.mail.failed)],
            [
              h.mail.sentCounts === 'messages' ? 'Sent in the last 24 h' : 'Mail jobs sent in the last 24 h',
              count(h.mail.sentLast24h),
            ],
          ]}
        />
      </SummaryCard>
      <SummaryCard id="health-webhooks" title="Payment webhook events" level={h.webhooks.level}>
        <Facts
          rows={[
            ['Received', count(h.webhooks.received)],
            ['Processed', count(h.webhooks.processed)],
            ['Failed', count(h.webhooks.failed)],
            ['Received in the last 24 h', count(h.webhooks.receivedLast24h)],
          ]}
        />
      </SummaryCard>
      <SummaryCard id="health-database" title="Database" level={d.level}>
        <Facts
          rows={[
            [
              'Reachable',
              d.reachable === null ? 'unknown (no answer within 2 s)' : d.reachable ? 'yes' : 'no',
            ],
            ['Latency of select 1', count(d.latencyMs, ' ms')],
            ['Size', bytes(d.sizeBytes)],
            [
              'Connections in use',
              d.connectionsInUse === null ? 'unknown' : `${d.connectionsInUse} of ${d.poolMax ?? '?'}`,
            ],
            [
              'Migrations',
              d.migrationsApplied === null
                ? 'unknown'
                : `${d.migrationsApplied} of ${d.migrationsKnown} applied${d.migration ? ` (${d.migration})` : ''}`,
            ],
          ]}
        />
      </SummaryCard>
      <SummaryCard id="health-storage" title="Media storage" level={h.storage.level}>
        <Facts
          rows={[
            ['Adapter', h.storage.adapter === 's3' ? 'S3 bucket' : 'Disk'],
            [
              'Write, read, delete probe',
              h.storage.probe === null
                ? 'unknown (no answer within 2 s)'
                : h.storage.probe
                  ? 'succeeded'
                  : 'failed',
            ],
            ['Probe took', count(h.storage.latencyMs, ' ms')],
          ]}
        />
        {h.storage.error && (
          <Text size="sm" mt="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {h.storage.error}
          </Text>
        )}
      </SummaryCard>
    </SimpleGrid>
  );
}

function ErrorText({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fz="xs">
      {error}
    </Code>
  );
}

function Pager({
  label,
  page,
  hasMore,
  onPage,
}: {
  label: string;
  page: number;
  hasMore: boolean;
  onPage: (n: number) => void;
}) {
  if (page === 0 && !hasMore) return null;
  return (
    <Group gap="xs" component="nav" aria-label={label}>
      <Button variant="default" size="xs" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={!hasMore || page >= HEALTH_PAGE_MAX}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </Button>
    </Group>
  );
}

/** One row of a list: what it is, its state, facts, its error and its button. */
function Item({
  title,
  state,
  facts,
  error,
  action,
}: {
  title: string;
  state: string;
  facts: string;
  error: string | null;
  action?: ReactNode;
}) {
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Badge variant="outline" color="gray.8" tt="none">
            {state}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {facts}
        </Text>
        <ErrorText error={error} />
        {action}
      </Stack>
    </Paper>
  );
}

const listStyle = { listStyle: 'none' } as const;
const skeleton = (
  <Stack gap="xs">
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} height={64} />
    ))}
  </Stack>
);

type Act = (a: HealthAction, label: string) => void;

function JobsPanel({ act, busy }: { act: Act; busy: boolean }) {
  const [state, setState] = useState<HealthJob['state']>('failed');
  const [page, setPage] = useState(0);
  const list = useHealthJobs({ state, page });
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Show jobs"
        value={state}
        onChange={(e) => {
          setState(e.currentTarget.value as HealthJob['state']);
          setPage(0);
        }}
        data={[
          { value: 'failed', label: 'Failed' },
          { value: 'waiting', label: 'Waiting' },
          { value: 'running', label: 'Running' },
          { value: 'done', label: 'Done (kept a day)' },
        ]}
        maw={{ sm: 280 }}
      />
      <QueryState
        query={list}
        label="Loading jobs"
        skeleton={skeleton}
        errorTitle="The jobs could not be loaded"
        errorText="Check your connection and try again."
        empty={{ when: (p) => p.items.length === 0, message: `No ${state} jobs.` }}
      >
        {(p) => (
          <Stack gap="sm" aria-busy={list.isFetching}>
            <Stack gap="sm" component="ul" p={0} m={0} style={listStyle} aria-label={`${state} jobs`}>
              {p.items.map((j) => (
                <Item
                  key={j.id}
                  title={`${j.kind} #${j.id}`}
                  state={j.state}
                  facts={`Attempts ${j.attempts} of ${j.maxAttempts} · queued ${when(j.createdAt)}${
                    j.failedAt ? ` · failed ${when(j.failedAt)}` : ''
                  }${j.doneAt ? ` · done ${when(j.doneAt)}` : ''}${
                    j.state === 'waiting' ? ` · due ${when(j.runAt)}` : ''
                  }`}
                  error={j.lastError}
                  action={
                    j.state === 'failed' && (
                      <Button
                        size="xs"
                        variant="default"
                        style={{ alignSelf: 'flex-start' }}
                        disabled={busy}
                        aria-label={`Retry job ${j.id}`}
                        onClick={() => act({ kind: 'retry', id: j.id }, 'Retry')}
                      >
                        Retry
                      </Button>
                    )
                  }
                />
              ))}
            </Stack>
            <Pager label="Pages of jobs" page={p.page} hasMore={p.hasMore} onPage={setPage} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function MailPanel({ act, busy }: { act: Act; busy: boolean }) {
  const [state, setState] = useState<HealthMail['state']>('failed');
  const [page, setPage] = useState(0);
  const list = useHealthMail({ state, page });
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Show mail"
        value={state}
        onChange={(e) => {
          setState(e.currentTarget.value as HealthMail['state']);
          setPage(0);
        }}
        data={[
          { value: 'failed', label: 'Failed' },
          { value: 'queued', label: 'Queued' },
          { value: 'sent', label: 'Sent' },
        ]}
        maw={{ sm: 280 }}
      />
      <QueryState
        query={list}
        label="Loading mail"
        skeleton={skeleton}
        errorTitle="The mail could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          when: (p) => p.items.length === 0,
          message:
            state === 'sent' && list.data && !list.data.sentListed
              ? 'Mail goes out by SMTP, which keeps no copy here: sent mail is not listed.'
              : `No ${state} mail.`,
        }}
      >
        {(p) => (
          <Stack gap="sm" aria-busy={list.isFetching}>
            <Stack gap="sm" component="ul" p={0} m={0} style={listStyle} aria-label={`${state} mail`}>
              {p.items.map((m) => (
                <Item
                  key={m.id}
                  title={m.subject}
                  state={m.state}
                  facts={`To ${m.to}${m.messages > 1 ? ` (${m.messages} messages)` : ''} · ${when(m.at)}${
                    m.attempts !== null ? ` · attempts ${m.attempts}` : ''
                  }`}
                  error={m.lastError}
                  action={
                    m.state !== 'queued' && (
                      <Button
                        size="xs"
                        variant="default"
                        style={{ alignSelf: 'flex-start' }}
                        disabled={busy}
                        aria-label={`Resend ${m.subject} to ${m.to}`}
                        onClick={() => act({ kind: 'resend', id: m.id }, 'Resend')}
                      >
                        Resend
                      </Button>
                    )
                  }
                />
              ))}
            </Stack>
            <Pager label="Pages of mail" page={p.page} hasMore={p.hasMore} onPage={setPage} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function WebhooksPanel({ ask, busy }: { ask: (e: HealthWebhook) => void; busy: boolean }) {
  const [state, setState] = useState<'all' | 'processed' | 'failed'>('failed');
  const [page, setPage] = useState(0);
  const list = useHealthWebhooks({ state, page });
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Show events"
        value={state}
        onChange={(e) => {
          setState(e.currentTarget.value as typeof state);
          setPage(0);
        }}
        data={[
          { value: 'failed', label: 'Failed' },
          { value: 'processed', label: 'Processed' },
          { value: 'all', label: 'All received' },
        ]}
        maw={{ sm: 280 }}
      />
      <QueryState
        query={list}
        label="Loading webhook events"
        skeleton={skeleton}
        errorTitle="The webhook events could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          when: (p) => p.items.length === 0,
          message: state === 'all' ? 'No events received yet.' : `No ${state} events.`,
        }}
      >
        {(p) => (
          <Stack gap="sm" aria-busy={list.isFetching}>
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={listStyle}
              aria-label={`${state} webhook events`}
            >
              {p.items.map((e) => (
                <Item
                  key={e.id}
                  title={`${e.type} (${e.id})`}
                  state={e.state}
                  facts={`${e.provider} · received ${when(e.receivedAt)}${
                    e.processedAt ? ` · processed ${when(e.processedAt)}` : ''
                  } · tries ${e.attempts}`}
                  error={e.lastError}
                  action={
                    <Button
                      size="xs"
                      variant="default"
                      style={{ alignSelf: 'flex-start' }}
                      disabled={busy}
                      aria-label={`Replay event ${e.id}`}
                      onClick={() => ask(e)}
                    >
                      Replay
                    </Button>
                  }
                />
              ))}
            </Stack>
            <Pager label="Pages of webhook events" page={p.page} hasMore={p.hasMore} onPage={setPage} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** /superuser/health: the platform's moving parts at a glance, and what fixes a failure (docs/platform-health.md). */
export function PlatformHealthPage() {
  const summary = useHealthSummary();
  const action = useHealthAction();
  const [done, setDone] = useState('');
  const [replaying, setReplaying] = useState<HealthWebhook | null>(null);
  const act: Act = (a, label) => {
    setDone('');
    action.mutate(a, {
      onSuccess: (message) => {
        setDone(message);
        setReplaying(null);
      },
      onError: (e) => notifyError(`${label} failed`, e),
    });
  };
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Platform health · Super" />
      <Stack gap="xl">
        <div>
          <Anchor component={Link} to="/superuser" size="sm">
            Super
          </Anchor>
          <Title order={1}>Platform health</Title>
          <Text c="gray.7" size="sm">
            The job queue, mail, payment events, the database and media storage. Read again every 30 seconds.
          </Text>
        </div>
        <Stack component="section" aria-labelledby="health-summary" gap="sm">
          <Group justify="space-between">
            <Title order={2} id="health-summary" size="h3">
              Summary
            </Title>
            <Button
              variant="default"
              size="xs"
              loading={summary.isFetching}
              onClick={() => void summary.refetch()}
            >
              Check again
            </Button>
          </Group>
          <QueryState
            query={summary}
            label="Checking the platform"
            skeleton={
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {[0, 1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} height={160} />
                ))}
              </SimpleGrid>
            }
            errorTitle="The platform's health could not be read"
            errorText="The server did not answer. Check your connection, then try again."
          >
            {(h) => (
              <Stack gap="xs">
                <Text size="sm" c="gray.7">
                  Checked {when(h.checkedAt)}
                </Text>
                <SummaryCards h={h} />
              </Stack>
            )}
          </QueryState>
        </Stack>
        <Stack component="section" aria-labelledby="health-details" gap="sm">
          <Title order={2} id="health-details" size="h3">
            Details
          </Title>
          <Text role="status" aria-live="polite" fw={done ? 700 : undefined}>
            {done}
          </Text>
          <Tabs defaultValue="jobs" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="jobs">Jobs</Tabs.Tab>
              <Tabs.Tab value="mail">Mail</Tabs.Tab>
              <Tabs.Tab value="webhooks">Webhook events</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="jobs" pt="md">
              <JobsPanel act={act} busy={action.isPending} />
            </Tabs.Panel>
            <Tabs.Panel value="mail" pt="md">
              <MailPanel act={act} busy={action.isPending} />
            </Tabs.Panel>
            <Tabs.Panel value="webhooks" pt="md">
              <WebhooksPanel ask={setReplaying} busy={action.isPending} />
            </Tabs.Panel>
          </Tabs>
          <Text size="xs" c="gray.7">
            {`Lists show ${HEALTH_PAGE_SIZE} a page, newest first (waiting jobs: next due first).`}
          </Text>
        </Stack>
      </Stack>
      <Dialog
        opened={replaying !== null}
        onClose={() => !action.isPending && setReplaying(null)}
        title={replaying ? `Replay ${replaying.type}?` : ''}
      >
        {replaying && (
          <>
            <Text style={{ overflowWrap: 'anywhere' }}>
              {`Event ${replaying.id} is processed again through the same handler. What it grants is granted at most once per checkout, and an older subscription change does not undo a newer one.`}
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button
                variant="default"
                onClick={() => setReplaying(null)}
                disabled={action.isPending}
                data-autofocus
              >
                Cancel
              </Button>
              <Button
                loading={action.isPending}
                onClick={() => act({ kind: 'replay', id: replaying.id }, 'Replay')}
              >
                Replay event
              </Button>
            </Group>
          </>
        )}
      </Dialog>
    </Container>
  );
}
