import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  activeSubscription,
  categoryValue,
  DEMO_VIDEO_HOSTS,
  EXAMPLE_QUESTIONS_MAX,
  PRODUCT_CATEGORY_GROUPS,
  PRODUCT_NAME_MAX,
  type ProductSettings,
  type ProductSettingsValues,
  productSettingsInput,
  SETTINGS_TEXT_MAX,
} from '@qbank/contract';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useProductSettings, useSaveSettings, useSetPublished } from '../api/product-settings';
import { StorePreview } from '../components/store-preview';

const TITLE = 'Store page';

/** The form checks what the server checks, with the same messages (all but expectedVersion). */
const formSchema = productSettingsInput.omit({ expectedVersion: true });

const CATEGORY_DATA = PRODUCT_CATEGORY_GROUPS.map((g) => ({
  group: g.group,
  items: g.labels.map((label) => ({ value: categoryValue(label), label })),
}));

const valuesOf = (s: ProductSettings): ProductSettingsValues => ({
  name: s.name,
  productCategory: s.productCategory,
  content: s.content,
  targetAudience: s.targetAudience,
  questionFormat: s.questionFormat,
  authors: s.authors,
  shortDescription: s.shortDescription,
  shortAuthors: s.shortAuthors,
  exampleQuestions: s.exampleQuestions,
  demoVideo: s.demoVideo,
});

/** Publishing: what the store does with the QBank now, and the one button that changes it. */
function Publication({ productId, saved }: { productId: string; saved: ProductSettings }) {
  const setPublished = useSetPublished(productId);
  const name = saved.name;
  const [state, color, text] = saved.listed
    ? [
        'Listed on the store',
        '#1e6b30',
        `Anyone can find ${name} in the store, open its page and buy its plans.`,
      ]
    : saved.published
      ? [
          'Published, but hidden',
          '#8a4b00',
          `${name} is published but has no active public plan, and the store lists only QBanks with one. Add a public plan and it appears at once.`,
        ]
      : [
          'Not published',
          'gray.8',
          `The store does not list ${name}, and its page opens only for its members. Learners who already have access keep it.`,
        ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="publication-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="publication-title">
            On the store
          </Title>
          <Badge color={color} variant="filled">
            {state}
          </Badge>
        </Group>
        <Text size="sm">{text}</Text>
        {saved.published ? (
          <Text size="sm">
            Unpublishing takes {name} off the store list and closes its page to visitors at once; nobody loses
            access they already have.
          </Text>
        ) : !saved.hasPublicPlan ? (
          <Text size="sm">
            To publish, {name} needs an active public plan: the store hides QBanks without a plan on sale.
          </Text>
        ) : (
          <Text size="sm">Publishing lists {name} on the store at once.</Text>
        )}
        {setPublished.isError && (
          <Alert color="red" role="alert" title={saved.published ? 'Not unpublished' : 'Not published'}>
            {formErrorMessage(setPublished.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant={saved.published ? 'default' : 'filled'}
            loading={setPublished.isPending}
            disabled={!saved.published && !saved.hasPublicPlan}
            onClick={() => setPublished.mutate(!saved.published)}
          >
            {saved.published ? 'Unpublish from the store' : 'Publish on the store'}
          </Button>
          <Anchor component={Link} to={`/store/products/${productId}`} size="sm">
            Open the store page
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The settings' form beside the preview of the store card and product page drawn with its values. */
function SettingsForm({ productId, saved }: { productId: string; saved: ProductSettings }) {
  const form = useForm<ProductSettingsValues>({
    mode: 'controlled',
    initialValues: valuesOf(saved),
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const [version, setVersion] = useState(saved.version);
  const save = useSaveSettings(productId);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [done, setDone] = useState(false);
  const settings = useProductSettings(productId);

  const submit = form.onSubmit(async (values) => {
    if (save.isPending) return;
    setError(null);
    setDone(false);
    try {
      const after = await save.mutateAsync({ ...values, expectedVersion: version });
      setVersion(after.version);
      form.setInitialValues(valuesOf(after));
      form.setValues(valuesOf(after));
      form.resetDirty(valuesOf(after));
      setDone(true);
    } catch (e) {
      if (e instanceof HttpError && e.field === 'expectedVersion' && e.statusCode === 409) setStale(true);
      else if (e instanceof HttpError && e.field && e.field.split('.')[0]! in values)
        form.setFieldError(e.field, e.serverMessage);
      else setError(formErrorMessage(e));
    }
  });

  /** Someone saved meanwhile: the form takes their values (the editor's own edits are dropped). */
  const reload = async () => {
    const fresh = await settings.refetch();
    if (!fresh.data) return;
    setVersion(fresh.data.version);
    form.setInitialValues(valuesOf(fresh.data));
    form.setValues(valuesOf(fresh.data));
    form.resetDirty(valuesOf(fresh.data));
    setStale(false);
  };

  const questions = form.values.exampleQuestions;
  const dirty = form.isDirty();

  return (
    <Grid gap={{ base: 'lg', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="settings-title">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Title order={2} size="h4" id="settings-title">
                What the store shows
              </Title>
              <Text size="sm" c="gray.7">
                Plain text: line breaks are kept, formatting is not.
              </Text>
              <TextInput
                label="Name"
                required
                maxLength={PRODUCT_NAME_MAX}
                description="The QBank's name everywhere: the store, the header and the product switcher."
                {...form.getInputProps('name')}
              />
              <NativeSelect
                label="Category"
                description="Where the store files it."
                data={CATEGORY_DATA}
                {...form.getInputProps('productCategory')}
              />
              <TextInput
                label="Target audience"
                description="Shown on the card as “For: …” and in the product page's Target Audience drawer."
                {...form.getInputProps('targetAudience')}
              />
              <Textarea
                label="Short description"
                description={`The card's summary, at most ${SETTINGS_TEXT_MAX.shortDescription} characters. Empty: the start of the content.`}
                autosize
                minRows={2}
                {...form.getInputProps('shortDescription')}
              />
              <Textarea
                label="Content"
                description="The product page's main text."
                autosize
                minRows={5}
                maxRows={16}
                {...form.getInputProps('content')}
              />
              <Textarea
                label="Question format"
                description="The product page's Question Format drawer."
                autosize
                minRows={2}
                {...form.getInputProps('questionFormat')}
              />
              <Textarea
                label="Authors"
                description="About the Author/Publisher, on the product page."
                autosize
                minRows={2}
                {...form.getInputProps('authors')}
              />
              <TextInput
                label="Short authors"
                description="The Author/Publisher line of the page's details; empty: the authors."
                {...form.getInputProps('shortAuthors')}
              />
              <TextInput
                label="Demo video"
                type="url"
                placeholder="https://www.youtube.com/watch?v=…"
                description={`An https link on ${DEMO_VIDEO_HOSTS.join(', ')}; or empty.`}
                {...form.getInputProps('demoVideo')}
              />
              <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" size="sm" fw={500}>
                  Example questions
                </Text>
                <Text size="xs" c="gray.7">
                  Up to {EXAMPLE_QUESTIONS_MAX}, kept with the store page's content.
                </Text>
                {form.errors.exampleQuestions && (
                  <Text size="sm" c="red.8">
                    {form.errors.exampleQuestions}
                  </Text>
                )}
                {questions.length === 0 && (
                  <Text size="sm" c="gray.7">
                    None yet.
                  </Text>
                )}
                {questions.map((_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place by position
                  <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                    <Textarea
                      label={`Example question ${i + 1}`}
                      autosize
                      minRows={1}
                      style={{ flex: 1 }}
                      {...form.getInputProps(`exampleQuestions.${i}`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      mt={26}
                      size="lg"
                      aria-label={`Remove example question ${i + 1}`}
                      onClick={() => form.removeListItem('exampleQuestions', i)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  variant="default"
                  size="compact-sm"
                  style={{ alignSelf: 'flex-start' }}
                  disabled={questions.length >= EXAMPLE_QUESTIONS_MAX}
                  onClick={() => form.insertListItem('exampleQuestions', '')}
                >
                  Add an example question
                </Button>
              </Stack>
              {stale && (
                <Alert color="yellow" role="alert" title="Someone else saved meanwhile">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      Another admin saved these settings while you were editing, so yours were not saved.
                      Reload to see theirs (your edits here are dropped), then make your changes again.
                    </Text>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={reload}
                      loading={settings.isFetching}
                    >
                      Reload the settings
                    </Button>
                  </Stack>
                </Alert>
              )}
              {error && (
                <Alert color="red" role="alert" title="Not saved">
                  {error}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
                <Text size="sm" role="status">
                  {dirty ? 'Unsaved changes.' : done ? 'Saved: the store shows these now.' : ''}
                </Text>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="preview-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="preview-title">
              Preview
            </Title>
            <Text size="sm" c="gray.7">
              As the store draws it for a visitor, with the values above (saved or not).
            </Text>
            <StorePreview productId={productId} values={form.values} />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function Editor({ productId }: { productId: string }) {
  const settings = useProductSettings(productId);
  return (
    <QueryState
      query={settings}
      label="Loading the store page's settings"
      skeleton={<Skeleton height={480} />}
      errorTitle="The store page's settings could not be loaded"
      errorText="Check your connection and try again."
    >
      {(data) => (
        <Stack gap="lg">
          <Publication productId={productId} saved={data} />
          <SettingsForm productId={productId} saved={data} />
        </Stack>
      )}
    </QueryState>
  );
}

/** /admin/settings: the active product's store page and its publication, for its admins and superusers. */
export function ProductSettingsPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  return (
    <Container size="xl" py="xl">
      <PageTitle name={TITLE} />
      <Stack gap="md">
        <Anchor component={Link} to="/admin" size="sm" style={{ alignSelf: 'flex-start' }}>
          ← Admin
        </Anchor>
        <Title order={1}>{TITLE}</Title>
        {active ? (
          <>
            <Text>
              How {active.product.name} appears in the store: its name, category and texts, and whether the
              store lists it.
            </Text>
            <Editor productId={active.product.uuid} />
          </>
        ) : (
          <Alert color="gray" title="No QBank to set up">
            <Text size="sm">
              The store page belongs to a QBank: subscribe to one, or ask to be made its admin.
            </Text>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
