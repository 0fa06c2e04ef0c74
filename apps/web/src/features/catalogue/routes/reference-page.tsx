import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { activeSubscription, type ProductReference } from '@qbank/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { RichTextField } from '../../questions';
import { useProductReference, useSaveReference } from '../api/reference';

const TITLE = 'Reference panel';

/** The editor of a loaded panel: Save sends it; the server's sanitised copy comes back as the saved one. */
function ReferenceEditor({ productId, saved }: { productId: string; saved: ProductReference }) {
  const [html, setHtml] = useState(saved.html);
  const save = useSaveReference(productId);
  const fieldError =
    save.error instanceof HttpError && save.error.statusCode === 400 ? save.error.serverMessage : null;
  // The server's sanitised copy may differ from what the editor sent: what was last sent is the clean state.
  const dirty = html !== (save.isSuccess ? save.variables : saved.html);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(html);
      }}
    >
      <Stack gap="md">
        <RichTextField
          label="Reference panel"
          description="Learners open it beside every question of this QBank, in tests and their reviews. Leave it empty to hide it."
          initialValue={saved.html}
          onChange={setHtml}
          error={fieldError}
          minHeight={260}
        />
        {save.isError && !fieldError && (
          <Alert color="red" title="The reference panel was not saved">
            {formErrorMessage(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Text size="sm" role="status">
            {save.isSuccess && !dirty
              ? saved.html === ''
                ? 'Saved: learners see no reference panel.'
                : 'Saved: learners see it now.'
              : dirty
                ? 'Unsaved changes.'
                : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function Editor({ productId }: { productId: string }) {
  const reference = useProductReference(productId);
  return (
    <QueryState
      query={reference}
      label="Loading the reference panel"
      skeleton={<Skeleton height={320} />}
      errorTitle="The reference panel could not be loaded"
      errorText="Check your connection and try again."
    >
      {(data) => <ReferenceEditor productId={productId} saved={data} />}
    </QueryState>
  );
}

/**
 * /admin/reference: the active product's reference panel (lab values, tables…) for its admins and superusers
 * to write; learners open it from the exam screen and the review (docs/tests.md).
 */
export function ReferencePage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  return (
    <Container size="md" py="xl">
      <PageTitle name={TITLE} />
      <Stack gap="md">
        <Anchor component={Link} to="/admin" size="sm" style={{ alignSelf: 'flex-start' }}>
          ← Admin
        </Anchor>
        <Title order={1}>{TITLE}</Title>
        {active ? (
          <>
            <Text>
              What {active.product.name}'s learners may look up while they answer: normal laboratory values,
              tables, formulas.
            </Text>
            <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
              <Editor productId={active.product.uuid} />
            </Paper>
          </>
        ) : (
          <Alert color="gray" title="No QBank to edit">
            <Text size="sm">
              The reference panel belongs to a QBank: subscribe to one, or ask to be made its admin.
            </Text>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
