import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COHORT_NAME_MAX, type Cohort } from '@qbank/contract';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { notifyError } from '../../../components/notify-error';
import { QueryState } from '../../../components/query-state';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCohorts, useCreateCohort, useUpdateCohort } from '../api/cohorts';

const nameRule = (v: string) =>
  v.trim() === ''
    ? 'Enter a name'
    : v.trim().length > COHORT_NAME_MAX
      ? `Use at most ${COHORT_NAME_MAX} characters`
      : null;

/** A new cohort's name: the form clears once it is made. */
function NewCohortForm({ productId }: { productId: string }) {
  const form = useForm({ mode: 'controlled', initialValues: { name: '' }, validate: { name: nameRule } });
  const create = useCreateCohort(productId);
  const { submit, pending, error } = useFormSubmit(form, create, {
    variables: (v) => ({ name: v.name.trim() }),
    onSuccess: () => form.reset(),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="New cohort"
          placeholder="Class of 2027"
          style={{ flex: 1 }}
          {...form.getInputProps('name')}
        />
        <Button type="submit" loading={pending}>
          Create
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="xs" role="alert">
          {error}
        </Alert>
      )}
    </form>
  );
}

/** One cohort: its name (renamed in place), its members, and Archive or Restore. */
function CohortRow({ cohort }: { cohort: Cohort }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateCohort();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: cohort.name },
    validate: { name: nameRule },
  });
  const { submit, pending } = useFormSubmit(form, update, {
    variables: (v) => ({ id: cohort.uuid, name: v.name.trim() }),
    onSuccess: () => setEditing(false),
  });
  const members = cohort.memberCount === 1 ? '1 student' : `${cohort.memberCount} students`;
  if (editing)
    return (
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={`New name for ${cohort.name}`}
            style={{ flex: 1 }}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={pending}>
            Save
          </Button>
          <Button variant="default" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </Group>
      </form>
    );
  return (
    <Group justify="space-between" gap="xs">
      <div>
        <Text fw={600}>
          {cohort.name}
          {cohort.archived && (
            <Text span c="dimmed" fw={400}>
              {' '}
              (archived)
            </Text>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {members}
        </Text>
      </div>
      <Group gap="xs">
        {!cohort.archived && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${cohort.name}`}
          >
            Rename
          </Button>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          loading={update.isPending}
          aria-label={`${cohort.archived ? 'Restore' : 'Archive'} ${cohort.name}`}
          onClick={() =>
            update.mutate(
              { id: cohort.uuid, archived: !cohort.archived },
              { onError: (e) => notifyError(`${cohort.name} could not be changed`, e) },
            )
          }
        >
          {cohort.archived ? 'Restore' : 'Archive'}
        </Button>
      </Group>
    </Group>
  );
}

/** "Cohorts": create, rename, archive and restore the QBank's cohorts. */
export function CohortsDialog({
  productId,
  opened,
  onClose,
}: {
  productId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const cohorts = useCohorts(productId, true);
  return (
    <Dialog opened={opened} onClose={onClose} title="Cohorts">
      <Text size="sm">
        Group students into cohorts (a class, a year, a site) to follow them together. A student may be in
        several. Archived cohorts keep their students but leave the lists.
      </Text>
      <NewCohortForm productId={productId} />
      <QueryState
        query={cohorts}
        label="Loading cohorts"
        inline
        errorTitle="The cohorts could not be loaded"
        empty={{ when: (list) => list.length === 0, message: 'No cohorts yet.' }}
      >
        {(list) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((c) => (
              <li key={c.uuid}>
                <CohortRow cohort={c} />
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Dialog>
  );
}
