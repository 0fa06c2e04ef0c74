import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Container,
  CopyButton,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { activeSubscription, type LtiCourse, type LtiPlatform, ltiPlatformInput } from '@qbank/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { AdminHeading } from '../../../components/admin-heading';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import {
  useConnectPlatform,
  useCourses,
  useCreateRegistration,
  usePlatforms,
  useRemovePlatform,
  useSetPlatformEnabled,
  useSyncCourses,
  useToolValues,
} from '../api/lti';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : 'never');

/** A value to paste into the platform, with its copy button. */
function Pasted({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy} aria-label={`Copy the ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

function ToolValues({ productId }: { productId: string }) {
  const tool = useToolValues(productId);
  const [canvasOpen, setCanvasOpen] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-tool-title">
      <Title order={2} size="h4" id="lti-tool-title" mb="xs">
        Connect by hand: this tool’s values
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Register QBank Cloud as an LTI 1.3 tool in your course platform with these addresses (Moodle: Site
        administration → Plugins → External tool → Manage tools → configure a tool manually).
      </Text>
      <QueryState query={tool} label="Loading the tool’s values" errorTitle="The values could not be loaded">
        {(v) => (
          <Stack gap="sm">
            <Pasted label="Login URL (OpenID Connect initiation)" value={v.loginUrl} />
            <Pasted label="Launch URL (redirection URI)" value={v.launchUrl} />
            <Pasted label="Key set URL (public keyset)" value={v.keySetUrl} />
            <Pasted label="Target link URI (tool URL)" value={v.targetLinkUri} />
            <Pasted label="Deep linking URL (content selection)" value={v.deepLinkingUrl} />
            <div>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => setCanvasOpen((o) => !o)}
                aria-expanded={canvasOpen}
                aria-controls="lti-canvas-json"
              >
                {canvasOpen ? 'Hide' : 'Show'} the JSON for Canvas
              </Button>
              {canvasOpen && (
                <Stack gap="xs" mt="xs" id="lti-canvas-json">
                  <Text size="sm">Canvas: Admin → Developer Keys → + LTI Key → Paste JSON.</Text>
                  <Code
                    block
                    // A scrolling box is reached by keyboard too.
                    tabIndex={0}
                    aria-label="The JSON for Canvas"
                    style={{ maxHeight: 320, overflow: 'auto' }}
                  >
                    {JSON.stringify(v.canvasConfiguration, null, 2)}
                  </Code>
                  <CopyButton value={JSON.stringify(v.canvasConfiguration, null, 2)}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={copy}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        {copied ? 'Copied' : 'Copy the JSON'}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              )}
            </div>
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

/** LTI Dynamic Registration: a one-time URL the admin pastes into the platform, which then connects itself. */
function AutomaticRegistration({ productId }: { productId: string }) {
  const create = useCreateRegistration(productId);
  const [instructors, setInstructors] = useState(false);
  const link = create.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-register-title">
      <Title order={2} size="h4" id="lti-register-title" mb="xs">
        Register automatically
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        For Moodle 4.1 and later, Canvas, Brightspace and Sakai: make a registration URL, paste it into the
        platform (Moodle: Site administration → Plugins → External tool → Manage tools → Tool URL → Add LTI
        Advantage), and the platform connects itself. The URL works once, for an hour.
      </Text>
      <Stack gap="sm">
        <Checkbox
          label="Course instructors become instructors of this QBank"
          checked={instructors}
          onChange={(e) => setInstructors(e.currentTarget.checked)}
        />
        <Button
          variant="default"
          loading={create.isPending}
          onClick={() =>
            create.mutate(instructors, {
              onError: (e) => notifyError('The registration URL could not be made', e),
            })
          }
          style={{ alignSelf: 'flex-start' }}
        >
          Make a registration URL
        </Button>
        <div role="status">
          {link && (
            <Stack gap={4}>
              <Pasted label="Registration URL" value={link.url} />
              <Text size="sm" c="gray.7">
                Works once, until {timeFormat.format(new Date(link.expiresAt))}.
              </Text>
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

const SYNC_STATES: Record<NonNullable<LtiCourse['sync']>['state'], string> = {
  queued: 'Sync waiting to start',
  running: 'Syncing',
  retrying: 'Sync failed, trying again soon',
  done: 'Synced',
  failed: 'Sync failed',
};

function CourseRow({ course: c }: { course: LtiCourse }) {
  const progress =
    c.sync && ['queued', 'running', 'retrying'].includes(c.sync.state)
      ? `${SYNC_STATES[c.sync.state]}${c.sync.total ? ` (${c.sync.done} of ${c.sync.total})` : ''}`
      : null;
  return (
    <li>
      <Text size="sm" fw={600}>
        {c.title ?? c.contextId}
      </Text>
      <Text size="sm" c="gray.7">
        {c.rosterSync
          ? `Roster: last synced ${when(c.lastSyncAt)}`
          : 'Roster: the platform has not offered this course’s member list'}
      </Text>
      {progress && (
        <Text size="sm" role="status">
          {progress}
        </Text>
      )}
      {!progress && c.sync?.state === 'done' && c.sync.message && (
        <Text size="sm" c="gray.7">
          {c.sync.message}
        </Text>
      )}
      {c.lastSyncError && (
        <Text size="sm" c="red.8">
          Last sync: {c.lastSyncError}
        </Text>
      )}
      {c.placements.length > 0 && (
        <Stack component="ul" gap={2} pl="md" mt={4} aria-label={`Tests placed in ${c.title ?? c.contextId}`}>
          {c.placements.map((p) => (
            <li key={p.assignmentUuid}>
              <Text size="sm">
                <Anchor component={Link} to={`/assignments/${p.assignmentUuid}`}>
                  {p.name}
                </Anchor>
                {' — grade book: '}
                {gradeLine(p)}
              </Text>
              {p.failed > 0 && p.lastError && (
                <Text size="sm" c="red.8">
                  Last score not sent: {p.lastError}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </li>
  );
}

/** How a placed test's scores are going to the course's grade book, in words. */
function gradeLine(p: LtiCourse['placements'][number]): string {
  const parts = [`${p.posted} ${p.posted === 1 ? 'score' : 'scores'} sent`];
  if (p.waiting > 0) parts.push(`${p.waiting} waiting`);
  if (p.failed > 0) parts.push(`${p.failed} not sent`);
  if (!p.lineItem && p.posted === 0) parts.push('its column is made with the first score');
  return parts.join(', ');
}

function Courses({ platform }: { platform: LtiPlatform }) {
  const courses = useCourses(platform.uuid);
  const sync = useSyncCourses(platform.uuid);
  const [said, setSaid] = useState('');
  return (
    <Stack gap="xs" mt="sm">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          Courses
        </Title>
        <Button
          size="compact-sm"
          variant="default"
          disabled={!platform.enabled}
          loading={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (a) =>
                setSaid(
                  a.queued === 0
                    ? 'Nothing new to sync: each course has a sync under way, or no member list.'
                    : `${a.queued === 1 ? '1 course' : `${a.queued} courses`} will be synced now.`,
                ),
              onError: (e) => notifyError('The rosters could not be synced', e),
            })
          }
        >
          Sync rosters now
        </Button>
      </Group>
      <div role="status">{said && <Text size="sm">{said}</Text>}</div>
      <QueryState
        query={courses}
        label="Loading the courses"
        errorTitle="The courses could not be loaded"
        inline
        empty={{
          when: (l) => l.length === 0,
          message: 'No course has launched QBank Cloud yet. A course appears here after its first launch.',
        }}
      >
        {(l) => (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {l.map((c) => (
              <CourseRow key={c.contextId} course={c} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function PlatformCard({ platform: p }: { platform: LtiPlatform }) {
  const enable = useSetPlatformEnabled();
  const remove = useRemovePlatform();
  const [confirming, setConfirming] = useState(false);
  const titleId = `lti-platform-${p.uuid}`;
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {p.issuer}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Client id {p.clientId} · deployments {p.deploymentIds.join(', ')}
          </Text>
          <Text size="sm" c="gray.7">
            Last launch {when(p.lastLaunchAt)} ·{' '}
            {p.instructorsAllowed ? 'course instructors become instructors' : 'learners only'}
          </Text>
        </div>
        <Badge color={p.enabled ? 'teal.9' : 'gray.7'}>{p.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </Group>
      {p.lastError && (
        <Alert color="red" mt="sm" title="Last refused launch">
          {p.lastError}
        </Alert>
      )}
      <Group gap="md" mt="sm">
        <Switch
          label="Launches allowed"
          checked={p.enabled}
          disabled={enable.isPending}
          onChange={(e) =>
            enable.mutate(
              { id: p.uuid, enabled: e.currentTarget.checked },
              { onError: (err) => notifyError('The platform could not be changed', err) },
            )
          }
        />
        {confirming ? (
          <Group gap="xs">
            <Text size="sm">Remove it? Its launches stop; the accounts it made stay.</Text>
            <Button
              size="compact-sm"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(p.uuid, {
                  onError: (err) => notifyError('The platform could not be removed', err),
                })
              }
            >
              Remove
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </Group>
        ) : (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${p.issuer} (${p.clientId})`}
          >
            Remove
          </Button>
        )}
      </Group>
      <Courses platform={p} />
    </Paper>
  );
}

function Platforms({ productId }: { productId: string }) {
  const list = usePlatforms(productId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-platforms-title">
      <Title order={2} size="h4" id="lti-platforms-title" mb="xs">
        Connected platforms
      </Title>
      <QueryState
        query={list}
        label="Loading the platforms"
        errorTitle="The platforms could not be loaded"
        empty={{
          when: (l) => l.length === 0,
          title: 'No course platform is connected yet',
          message: 'Connect one with the form below, using the values your platform shows for this tool.',
        }}
      >
        {(l) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {l.map((p) => (
              <PlatformCard key={p.uuid} platform={p} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

/** Deployment ids as typed: one per line, or separated by commas. */
const splitIds = (v: string) =>
  v
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const connectForm = ltiPlatformInput.extend({
  deploymentIds: z.string().transform(splitIds).pipe(ltiPlatformInput.shape.deploymentIds),
});

const FIELDS = [
  ['issuer', 'Issuer (platform ID)', 'https://moodle.school.edu'],
  ['clientId', 'Client ID', ''],
  ['authLoginUrl', 'Authentication request URL', 'https://moodle.school.edu/mod/lti/auth.php'],
  ['authTokenUrl', 'Access token URL', 'https://moodle.school.edu/mod/lti/token.php'],
  ['keySetUrl', 'Public keyset URL', 'https://moodle.school.edu/mod/lti/certs.php'],
] as const;

function ConnectForm({ productId }: { productId: string }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      issuer: '',
      clientId: '',
      deploymentIds: '',
      authLoginUrl: '',
      authTokenUrl: '',
      keySetUrl: '',
      instructorsAllowed: false,
    },
    validate: schemaResolver(connectForm, { sync: true }),
  });
  const [done, setDone] = useState('');
  const { submit, pending, error } = useFormSubmit(form, useConnectPlatform(productId), {
    variables: (v) => ({ ...v, deploymentIds: splitIds(v.deploymentIds) }),
    onSuccess: (p) => {
      setDone(`${p.issuer} is connected: its courses can launch QBank Cloud now.`);
      form.reset();
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lti-connect-title">
      <Title order={2} size="h4" id="lti-connect-title" mb="xs">
        Connect a platform
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Copy these from the tool’s details in your platform once it is registered there.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={{ sm: 560 }}>
          {FIELDS.map(([name, label, placeholder]) => (
            <TextInput
              key={name}
              label={label}
              placeholder={placeholder}
              autoComplete="off"
              {...form.getInputProps(name)}
            />
          ))}
          <Textarea
            label="Deployment IDs"
            description="One per line, or separated by commas"
            autosize
            minRows={2}
            {...form.getInputProps('deploymentIds')}
          />
          <Checkbox
            label="Course instructors become instructors of this QBank"
            {...form.getInputProps('instructorsAllowed', { type: 'checkbox' })}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            Connect
          </Button>
          <div role="status">{done && <Text size="sm">{done}</Text>}</div>
        </Stack>
      </form>
    </Paper>
  );
}

/** /admin/lti: the course platforms (LMS) connected to the active QBank over LTI 1.3, and their courses. */
export function LtiPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Course platforms" />
      <Stack gap="lg">
        <AdminHeading title="Course platforms" productName={active?.product.name} />
        <Text>
          Connect Moodle, Canvas, Brightspace, Blackboard or Sakai over LTI 1.3: learners who follow the link
          in their course land in this QBank signed in, in the course’s cohort, without a second password.
        </Text>
        {active ? (
          <>
            <AutomaticRegistration productId={active.product.uuid} />
            <ToolValues productId={active.product.uuid} />
            <Platforms productId={active.product.uuid} />
            <ConnectForm productId={active.product.uuid} />
          </>
        ) : (
          <Text>Choose a QBank as your active product to connect its course platforms.</Text>
        )}
      </Stack>
    </Container>
  );
}
