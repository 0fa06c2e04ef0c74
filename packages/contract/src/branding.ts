import { z } from 'zod';
import type { COLOR_MAP_KEYS } from './store';

/**
 * Branding (docs/branding.md): a product's header colours (SPEC §3 colorMap) and its two logos (SPEC §3 logo
 * types), set by its admins and superusers.
 */

/** The colour keys of the colorMap (the fifth key, USE_CUSTOM_QBANK_LOGO_COLOR, is a flag). */
export const BRAND_COLOR_KEYS = [
  'HEADER_BACKGROUND',
  'HEADER_TEXT',
  'DROPDOWN_BUTTON',
  'DROPDOWN_BUTTON_TEXT',
] as const;
export type BrandColorKey = (typeof BRAND_COLOR_KEYS)[number];
/** SPEC §3: the string 'true' draws the platform logo in HEADER_TEXT. */
export const LOGO_COLOR_FLAG = 'USE_CUSTOM_QBANK_LOGO_COLOR' satisfies (typeof COLOR_MAP_KEYS)[number];

/** WCAG 2 AA for normal text: the least contrast the branding screen accepts without a warning. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The pairs the header shows as text on a background: what the contrast check measures. */
export const BRAND_CONTRAST_PAIRS = [
  { text: 'HEADER_TEXT', background: 'HEADER_BACKGROUND', label: 'Header text on header background' },
  {
    text: 'DROPDOWN_BUTTON_TEXT',
    background: 'DROPDOWN_BUTTON',
    label: 'Menu button text on menu button',
  },
] as const satisfies readonly { text: BrandColorKey; background: BrandColorKey; label: string }[];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or '#AABBCC' as '#aabbcc'; null for anything else (names, rgb(), 8-digit alpha). */
export function normalizeHexColor(value: string): string | null {
  const v = value.trim();
  if (!HEX.test(v)) return null;
  const hex = v.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** WCAG 2 relative luminance of a #rgb or #rrggbb colour (0 black … 1 white); null when it is not one. */
export function relativeLuminance(color: string): number | null {
  const hex = normalizeHexColor(color);
  if (!hex) return null;
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio of two colours (1 … 21), in either order; null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever reads better on the background: the text colour the header falls back on when a
 * product sets a background but no text colour. Null when the background is not a hex colour.
 */
export function readableTextOn(background: string): '#000000' | '#ffffff' | null {
  const onBlack = contrastRatio('#000000', background);
  const onWhite = contrastRatio('#ffffff', background);
  if (onBlack === null || onWhite === null) return null;
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}

/** The user menu button's own background when a product sets none (the web theme's gray.1). */
export const DEFAULT_MENU_BUTTON = '#f1f3f5';

/**
 * The colours the signed-in header draws with, from a product's colour map: a colour set is used as it is (a
 * low-contrast pair is the admin's choice, made after the branding screen's warning); a background without its
 * text colour gets black or white, whichever reads better, so a partial map never makes the header unreadable.
 */
export function headerColors(colors: Partial<Record<BrandColorKey, string>>) {
  const background = colors.HEADER_BACKGROUND;
  const text = colors.HEADER_TEXT ?? (background ? (readableTextOn(background) ?? undefined) : undefined);
  const button = colors.DROPDOWN_BUTTON;
  const buttonText =
    colors.DROPDOWN_BUTTON_TEXT ??
    (button || text ? (readableTextOn(button ?? DEFAULT_MENU_BUTTON) ?? undefined) : undefined);
  return { background, text, button, buttonText };
}

/** Each text-on-background pair of a colour map whose both colours are set, with its ratio and verdict. */
export function brandContrast(colors: Partial<Record<string, string>>) {
  return BRAND_CONTRAST_PAIRS.flatMap((p) => {
    const text = colors[p.text];
    const background = colors[p.background];
    const ratio = text && background ? contrastRatio(text, background) : null;
    return ratio === null ? [] : [{ ...p, ratio, ok: ratio >= MIN_TEXT_CONTRAST }];
  });
}

const colorField = (key: BrandColorKey) =>
  z
    .string({ error: `${key} must be a colour like #1a2b3c` })
    .transform((v, ctx) => {
      const hex = normalizeHexColor(v);
      if (hex === null) {
        ctx.addIssue({ code: 'custom', message: `${key} must be a colour like #1a2b3c` });
        return z.NEVER;
      }
      return hex;
    })
    .optional();

/**
 * PUT products/{id}/colorMap: the whole map (a key left out is removed, so the header falls back to the
 * platform's colours there). Colours are #rgb or #rrggbb, stored as lowercase #rrggbb; the logo flag is the
 * string 'true' or 'false' ('false' is stored as no flag). Any other key is refused, naming it.
 */
export const colorMapInput = z.strictObject(
  {
    HEADER_BACKGROUND: colorField('HEADER_BACKGROUND'),
    HEADER_TEXT: colorField('HEADER_TEXT'),
    DROPDOWN_BUTTON: colorField('DROPDOWN_BUTTON'),
    DROPDOWN_BUTTON_TEXT: colorField('DROPDOWN_BUTTON_TEXT'),
    [LOGO_COLOR_FLAG]: z
      .enum(['true', 'false'], { error: `${LOGO_COLOR_FLAG} must be the string 'true' or 'false'` })
      .optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `${iss.keys[0]} is not a colorMap key` : undefined) },
);
export type ColorMapInput = z.input<typeof colorMapInput>;

/** The stored colorMap of a parsed input: set colours, and the flag only when 'true'. */
export function colorMapToStore(input: z.output<typeof colorMapInput>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of BRAND_COLOR_KEYS) {
    const v = input[k];
    if (v) out[k] = v;
  }
  if (input[LOGO_COLOR_FLAG] === 'true') out[LOGO_COLOR_FLAG] = 'true';
  return out;
}

const MiB = 1024 * 1024;
/** The largest logo upload: a header logo is shown 36 px high, a product logo a few hundred pixels wide. */
export const LOGO_MAX_BYTES = 2 * MiB;
/** The upload's multipart field. */
export const LOGO_FIELD = 'logo';
/** What a logo may be, recognised from its bytes: raster images only (SVG is refused, not sanitised). */
export const LOGO_FORMATS = 'PNG, JPEG, GIF or WebP';

export const logoFileParams = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'hash must be 64 lowercase hex characters' }),
});

/** What the branding screen reads and every change answers: the colour map and each logo's URL. */
export const productBranding = z.object({
  productUuid: z.string(),
  colorMap: z.record(z.string(), z.string()),
  logos: z.object({ HEADER_LOGO: z.string().nullable(), PRODUCT_LOGO: z.string().nullable() }),
});
export type ProductBranding = z.infer<typeof productBranding>;
