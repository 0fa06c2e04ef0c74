import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import IconBuildingStore from '@tabler/icons-react/dist/esm/icons/IconBuildingStore.mjs';
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
import IconHistory from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
import IconListTree from '@tabler/icons-react/dist/esm/icons/IconListTree.mjs';
import IconPalette from '@tabler/icons-react/dist/esm/icons/IconPalette.mjs';
import IconPlugConnected from '@tabler/icons-react/dist/esm/icons/IconPlugConnected.mjs';
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs';
import IconTable from '@tabler/icons-react/dist/esm/icons/IconTable.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../accounts/api/auth';

/** /admin: the product admin's hub, a card per part of the QBank to run; from the store page to the history. */
export function AdminPage() {
  const { user } = useAuth();
  const product = user ? activeSubscription(user)?.product.name : undefined;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Admin" />
      <Stack gap="lg">
        <Title order={1}>Admin</Title>
        {product && (
          <Text>Run {product}: its store page, plans, content, looks, staff, sales and history.</Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconListTree size={22} aria-hidden />
              <Title order={2} size="h4">
                Subject tree
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Add, rename, reorder and move the subjects, categories and subcategories your questions are
              filed under.
            </Text>
            <Button component={Link} to="/admin/tree" mt="md" style={{ alignSelf: 'flex-start' }}>
              Edit the subject tree
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconTable size={22} aria-hidden />
              <Title order={2} size="h4">
                Reference panel
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Lab values, tables and formulas your learners can open beside every question.
            </Text>
            <Button component={Link} to="/admin/reference" mt="md" style={{ alignSelf: 'flex-start' }}>
              Edit the reference panel
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconHistory size={22} aria-hidden />
              <Title order={2} size="h4">
                History
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Who changed what in this QBank, when and from where: staff, students, tests and settings.
            </Text>
            <Button component={Link} to="/admin/audit" mt="md" style={{ alignSelf: 'flex-start' }}>
              Read the history
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconUsers size={22} aria-hidden />
              <Title order={2} size="h4">
                Staff
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Writers, auditors, instructors and admins, and the roles each one holds.
            </Text>
            <Button component={Link} to="/admin/staff" mt="md" style={{ alignSelf: 'flex-start' }}>
              Manage the staff
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconPalette size={22} aria-hidden />
              <Title order={2} size="h4">
                Logos and colours
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Your QBank's header colours, with a preview and a contrast check, and its header and store
              logos.
            </Text>
            <Button component={Link} to="/admin/branding" mt="md" style={{ alignSelf: 'flex-start' }}>
              Edit logos and colours
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconChartBar size={22} aria-hidden />
              <Title order={2} size="h4">
                Sales
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Revenue by month and plan, subscriptions and churn, and what your referral links bring in.
            </Text>
            <Button component={Link} to="/admin/sales" mt="md" style={{ alignSelf: 'flex-start' }}>
              See the sales
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconReceipt size={22} aria-hidden />
              <Title order={2} size="h4">
                Plans and prices
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              The plans learners buy, their prices and how long each one lasts, with a preview as the store
              shows them.
            </Text>
            <Button component={Link} to="/admin/plans" mt="md" style={{ alignSelf: 'flex-start' }}>
              Manage plans and prices
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconPlugConnected size={22} aria-hidden />
              <Title order={2} size="h4">
                Course platforms
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Connect Moodle, Canvas or another LMS over LTI 1.3, so learners enter from their course, and
              keep its class list in step.
            </Text>
            <Button component={Link} to="/admin/lti" mt="md" style={{ alignSelf: 'flex-start' }}>
              Connect course platforms
            </Button>
          </Card>
          <Card withBorder p="lg">
            <Group gap="xs" wrap="nowrap">
              <IconBuildingStore size={22} aria-hidden />
              <Title order={2} size="h4">
                Store page
              </Title>
            </Group>
            <Text mt="xs" size="sm">
              Your QBank's name, category and texts in the store, with a preview, and whether the store lists
              it.
            </Text>
            <Button component={Link} to="/admin/settings" mt="md" style={{ alignSelf: 'flex-start' }}>
              Edit the store page
            </Button>
          </Card>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
