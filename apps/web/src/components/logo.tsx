import { Group, Text } from '@mantine/core';
import { Brand } from '@qbank/contract';
import { Link } from 'react-router';

// favicon.svg's mark as one even-odd path: the rounded square with the Q cut out, so it shows in any one
// colour with the background behind it showing through the letter.
const MARK =
  'M7 0h18a7 7 0 0 1 7 7v18a7 7 0 0 1-7 7H7a7 7 0 0 1-7-7V7a7 7 0 0 1 7-7z' +
  'M9 16a7 7 0 1 1 11.6 5.3L23 24h-3.4l-1.2-1.3A7 7 0 0 1 9 16zm3 0a4 4 0 1 0 8 0 4 4 0 0 0-8 0z';

/**
 * The platform's logo: its mark and name. With `color` (a product's HEADER_TEXT when its colorMap sets
 * USE_CUSTOM_QBANK_LOGO_COLOR to 'true', SPEC §3) the whole logo is drawn in that one colour.
 */
export function Logo({ to = '/', color }: { to?: string; color?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={`${Brand.name} home`}>
      <Group gap={8} wrap="nowrap">
        {color ? (
          <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden focusable="false">
            <path d={MARK} fill={color} fillRule="evenodd" />
          </svg>
        ) : (
          <img src="/favicon.svg" alt="" width={28} height={28} />
        )}
        <Text fw={800} size="lg" c={color ?? 'brand.8'} visibleFrom="xs" span>
          {Brand.name}
        </Text>
      </Group>
    </Link>
  );
}
