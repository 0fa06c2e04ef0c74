import { Alert, Anchor, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { useSubjectTree } from '../api/catalogue';
import { TreeEditor } from '../components/tree-editor';

const TITLE = 'Subject tree';

function TreeSkeleton() {
  return (
    <Stack gap="xs">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** The tree of the active product, loaded, failed or being edited. */
function SubjectTree({ productId }: { productId: string }) {
  const tree = useSubjectTree(productId);
  return (
    <QueryState
      query={tree}
      label="Loading the subject tree"
      skeleton={<TreeSkeleton />}
      errorTitle="The subject tree could not be loaded"
      errorText="Check your connection and try again."
    >
      {(data) => <TreeEditor productId={productId} tree={data.productTree} />}
    </QueryState>
  );
}

/**
 * /admin/tree: the active product's subjects, categories and subcategories, for its admins (and superusers) to
 * add, rename, reorder, move and delete (docs/subject-tree.md).
 */
export function SubjectTreePage() {
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
              How {active.product.name} files its questions: subjects, their categories and their
              subcategories. Drag a row by its handle, or use its menu, to reorder it or move it under another
              parent. Counts include every question that is not deleted.
            </Text>
            <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
              <Stack gap="sm">
                <SubjectTree productId={active.product.uuid} />
              </Stack>
            </Paper>
          </>
        ) : (
          <Alert color="gray" title="No QBank to edit">
            <Text size="sm">
              The subject tree belongs to a QBank: subscribe to one, or ask to be made its admin.
            </Text>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
