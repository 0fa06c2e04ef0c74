import { Box, Group, Text } from '@mantine/core';
import { Brand, DEFAULT_MENU_BUTTON, headerColors } from '@qbank/contract';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconMenu2 from '@tabler/icons-react/dist/esm/icons/IconMenu2.mjs';

export interface PreviewColors {
  HEADER_BACKGROUND?: string;
  HEADER_TEXT?: string;
  DROPDOWN_BUTTON?: string;
  DROPDOWN_BUTTON_TEXT?: string;
}

/**
 * The signed-in header (features/shell's AppShellLayout) drawn with colours not saved yet: the burger, the
 * header logo or the platform's, the product name and the user menu's button. A picture only: hidden from
 * assistive technology, which reads the contrast figures beside it instead.
 */
export function HeaderPreview({
  colors,
  logoInTextColor,
  headerLogoUrl,
  productName,
  username,
}: {
  colors: PreviewColors;
  logoInTextColor: boolean;
  headerLogoUrl: string | null;
  productName: string;
  username: string;
}) {
  // As the shell draws them: a background without its text colour gets black or white.
  const { background: bg, text, button, buttonText } = headerColors(colors);
  return (
    <Box
      aria-hidden
      data-testid="header-preview"
      style={{
        background: bg ?? 'var(--mantine-color-body)',
        color: text,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        height: 60,
        overflow: 'hidden',
      }}
    >
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconMenu2 size={20} color={text ?? 'currentColor'} />
          {headerLogoUrl ? (
            <img src={headerLogoUrl} alt="" style={{ maxHeight: 36, maxWidth: 120, display: 'block' }} />
          ) : (
            <Group gap={6} wrap="nowrap">
              <img src="/favicon.svg" alt="" width={24} height={24} />
              <Text fw={800} c={logoInTextColor && text ? text : 'brand.8'} visibleFrom="xs" span>
                {Brand.name}
              </Text>
            </Group>
          )}
          <Text fw={600} truncate="end" c={text} style={{ minWidth: 0 }}>
            {productName}
          </Text>
        </Group>
        <Group
          gap={4}
          wrap="nowrap"
          px="xs"
          py={4}
          style={{
            background: button ?? DEFAULT_MENU_BUTTON,
            color: buttonText,
            borderRadius: 6,
            flexShrink: 0,
          }}
        >
          <Text size="sm" fw={500} truncate="end" maw={110} c="inherit">
            {username}
          </Text>
          <IconChevronDown size={14} />
        </Group>
      </Group>
    </Box>
  );
}
