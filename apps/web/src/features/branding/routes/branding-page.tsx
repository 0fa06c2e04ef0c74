import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  ColorInput,
  Container,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  activeSubscription,
  BRAND_COLOR_KEYS,
  type BrandColorKey,
  brandContrast,
  type ColorMapInput,
  LOGO_FORMATS,
  LOGO_MAX_BYTES,
  type LogoType,
  MIN_TEXT_CONTRAST,
  normalizeHexColor,
  type ProductBranding,
} from '@qbank/contract';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useBranding, useRemoveLogo, useSaveColors, useUploadLogo } from '../api/branding';
import { HeaderPreview, type PreviewColors } from '../components/header-preview';

const TITLE = 'Logos and colours';
const FLAG = 'USE_CUSTOM_QBANK_LOGO_COLOR';

const COLOR_FIELDS: Record<BrandColorKey, { label: string; description: string }> = {
  HEADER_BACKGROUND: { label: 'Header background', description: 'The bar across the top of every page.' },
  HEADER_TEXT: { label: 'Header text', description: 'The product name and the menu icon.' },
  DROPDOWN_BUTTON: { label: 'Menu button', description: "The user menu's button, on the right." },
  DROPDOWN_BUTTON_TEXT: { label: 'Menu button text', description: 'The username on that button.' },
};

const LOGO_FIELDS: Record<LogoType, { title: string; description: string; alt: string }> = {
  HEADER_LOGO: {
    title: 'Header logo',
    description: 'Shown in the header instead of the platform logo, at most 36 px high.',
    alt: 'Current header logo',
  },
  PRODUCT_LOGO: {
    title: 'Product logo',
    description: "Shown on your QBank's store card and product page.",
    alt: 'Current product logo',
  },
};

const ratioText = (r: number) => `${(Math.floor(r * 100) / 100).toFixed(2)}:1`;

/** The colour map as the form holds it: every colour as typed ('' for none), the flag as a boolean. */
function formOf(colorMap: Record<string, string>) {
  return {
    colors: Object.fromEntries(BRAND_COLOR_KEYS.map((k) => [k, colorMap[k] ?? ''])) as Record<
      BrandColorKey,
      string
    >,
    logoInTextColor: colorMap[FLAG] === 'true',
  };
}

/** The colour map's form: the preview, the contrast check and Save. */
export function ColorsForm({
  productId,
  productName,
  username,
  saved,
}: {
  productId: string;
  productName: string;
  username: string;
  saved: ProductBranding;
}) {
  const [form, setForm] = useState(() => formOf(saved.colorMap));
  const save = useSaveColors(productId);
  const serverError = save.error instanceof HttpError && save.error.statusCode === 400 ? save.error : null;
  // What each field holds as a colour: its normalised hex, or undefined when empty or not a colour yet.
  const valid: PreviewColors = {};
  const invalid: BrandColorKey[] = [];
  for (const k of BRAND_COLOR_KEYS) {
    const v = form.colors[k].trim();
    if (!v) continue;
    const hex = normalizeHexColor(v);
    if (hex) valid[k] = hex;
    else invalid.push(k);
  }
  const checks = brandContrast(valid as Record<string, string>);
  const low = checks.filter((c) => !c.ok);
  const savedForm = formOf(saved.colorMap);
  const dirty =
    form.logoInTextColor !== savedForm.logoInTextColor ||
    BRAND_COLOR_KEYS.some(
      (k) => (normalizeHexColor(form.colors[k]) ?? form.colors[k]) !== savedForm.colors[k],
    );

  const submit = () => {
    if (invalid.length > 0) return;
    const body: ColorMapInput = { [FLAG]: form.logoInTextColor ? 'true' : 'false' };
    for (const k of BRAND_COLOR_KEYS) if (valid[k]) body[k] = valid[k];
    save.mutate(body);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          Header colours
        </Title>
        <Text size="sm" c="dimmed">
          Colours are hex values such as #1a2b3c. Leave one empty to keep the platform's own.
        </Text>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="preview-label">
            Preview of the header
          </Text>
          <HeaderPreview
            colors={valid}
            logoInTextColor={form.logoInTextColor}
            headerLogoUrl={saved.logos.HEADER_LOGO}
            productName={productName}
            username={username}
          />
        </Stack>
        <Stack gap={4} aria-live="polite">
          {low.map((c) => (
            <Alert
              key={c.text}
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="Low contrast"
            >
              {c.label}: {ratioText(c.ratio)}. WCAG AA asks for at least {MIN_TEXT_CONTRAST}:1, or some people
              cannot read it. You can still save it.
            </Alert>
          ))}
          {checks
            .filter((c) => c.ok)
            .map((c) => (
              <Text key={c.text} size="sm">
                {c.label}: {ratioText(c.ratio)}, readable (WCAG AA).
              </Text>
            ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {BRAND_COLOR_KEYS.map((k) => (
            <ColorInput
              key={k}
              label={COLOR_FIELDS[k].label}
              description={COLOR_FIELDS[k].description}
              placeholder="Platform default"
              format="hex"
              withEyeDropper={false}
              value={form.colors[k]}
              onChange={(v) => setForm((f) => ({ ...f, colors: { ...f.colors, [k]: v } }))}
              error={
                invalid.includes(k)
                  ? `${COLOR_FIELDS[k].label} must be a colour like #1a2b3c`
                  : serverError?.field === k
                    ? serverError.serverMessage
                    : undefined
              }
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label="Draw the platform logo in the header text colour"
          description="Used when there is no header logo."
          checked={form.logoInTextColor}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setForm((f) => ({ ...f, logoInTextColor: checked }));
          }}
        />
        {save.isError && !(serverError?.field && serverError.field in COLOR_FIELDS) && (
          <Alert color="red" title="The colours were not saved">
            {formErrorMessage(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={invalid.length > 0}>
            Save colours
          </Button>
          <Text size="sm" role="status">
            {dirty ? 'Unsaved changes.' : save.isSuccess ? 'Saved: the header uses these colours now.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function LogoField({
  productId,
  logoType,
  url,
}: {
  productId: string;
  logoType: LogoType;
  url: string | null;
}) {
  const { title, description, alt } = LOGO_FIELDS[logoType];
  const upload = useUploadLogo(productId, logoType);
  const remove = useRemoveLogo(productId, logoType);
  const [tooLarge, setTooLarge] = useState(false);
  const error = tooLarge
    ? `The file is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB`
    : upload.isError
      ? formErrorMessage(upload.error)
      : remove.isError
        ? formErrorMessage(remove.error)
        : undefined;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text size="sm">{description}</Text>
        {url ? (
          <Image src={url} alt={alt} mah={96} maw={240} fit="contain" style={{ alignSelf: 'flex-start' }} />
        ) : (
          <Text size="sm" c="dimmed">
            No {title.toLowerCase()} yet.
          </Text>
        )}
        <FileInput
          label={url ? `Replace the ${title.toLowerCase()}` : `Upload a ${title.toLowerCase()}`}
          description={`${LOGO_FORMATS}, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB. SVG is not accepted.`}
          accept="image/png,image/jpeg,image/gif,image/webp"
          value={null}
          disabled={upload.isPending}
          error={error}
          onChange={(file) => {
            if (!file) return;
            setTooLarge(file.size > LOGO_MAX_BYTES);
            if (file.size <= LOGO_MAX_BYTES) upload.mutate(file);
          }}
        />
        <Group gap="sm">
          {url && (
            <Button variant="default" onClick={() => remove.mutate()} loading={remove.isPending}>
              Remove the {title.toLowerCase()}
            </Button>
          )}
          <Text size="sm" role="status">
            {upload.isPending ? 'Uploading…' : upload.isSuccess && url ? 'Uploaded.' : ''}
            {remove.isSuccess && !url ? 'Removed.' : ''}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Editor({
  productId,
  productName,
  username,
}: {
  productId: string;
  productName: string;
  username: string;
}) {
  const branding = useBranding(productId);
  return (
    <QueryState
      query={branding}
      label="Loading the logos and colours"
      skeleton={<Skeleton height={360} />}
      errorTitle="The logos and colours could not be loaded"
      errorText="Check your connection and try again."
    >
      {(data) => (
        <Stack gap="xl">
          <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
            <ColorsForm productId={productId} productName={productName} username={username} saved={data} />
          </Paper>
          <Stack gap="md">
            <Title order={2} size="h3">
              Logos
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LogoField productId={productId} logoType="HEADER_LOGO" url={data.logos.HEADER_LOGO} />
              <LogoField productId={productId} logoType="PRODUCT_LOGO" url={data.logos.PRODUCT_LOGO} />
            </SimpleGrid>
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}

/** /admin/branding: the active product's header colours and logos, for its admins and superusers. */
export function BrandingPage() {
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
        {active && user ? (
          <>
            <Text>
              How {active.product.name} looks to its learners and staff: the header's colours and logos.
            </Text>
            <Editor
              productId={active.product.uuid}
              productName={active.product.name}
              username={user.username}
            />
          </>
        ) : (
          <Alert color="gray" title="No QBank to brand">
            <Text size="sm">
              Logos and colours belong to a QBank: subscribe to one, or ask to be made its admin.
            </Text>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
