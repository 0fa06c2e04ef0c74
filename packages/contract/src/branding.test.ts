import { describe, expect, it } from 'vitest';
import {
  brandContrast,
  colorMapInput,
  colorMapToStore,
  contrastRatio,
  headerColors,
  normalizeHexColor,
  readableTextOn,
  relativeLuminance,
} from './branding';

const round = (n: number | null, d = 2) => (n === null ? null : Math.round(n * 10 ** d) / 10 ** d);

describe('WCAG contrast', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Figures from the WebAIM contrast checker.
    expect(round(contrastRatio('#777777', '#ffffff'))).toBe(4.48);
    expect(round(contrastRatio('#767676', '#ffffff'))).toBe(4.54);
    expect(round(contrastRatio('#0000ff', '#ffffff'))).toBe(8.59);
    expect(round(contrastRatio('#ff0000', '#ffffff'))).toBe(4);
  });
  it('is the same in either order and case', () => {
    expect(contrastRatio('#1A2B3C', '#f0e0d0')).toBe(contrastRatio('#f0e0d0', '#1a2b3c'));
  });
  it('gives the luminance of black and white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });
  it('answers null for what is not a hex colour', () => {
    expect(contrastRatio('red', '#fff')).toBeNull();
    expect(relativeLuminance('#12345')).toBeNull();
    expect(normalizeHexColor('#AbC')).toBe('#aabbcc');
    expect(normalizeHexColor('#11223344')).toBeNull();
  });
  it('picks black or white text, whichever reads better', () => {
    expect(readableTextOn('#1a2b3c')).toBe('#ffffff');
    expect(readableTextOn('#ffee00')).toBe('#000000');
    expect(readableTextOn('navy')).toBeNull();
  });
  it('fills in readable text for a background set without its text colour', () => {
    expect(headerColors({})).toEqual({});
    expect(headerColors({ HEADER_BACKGROUND: '#1a2b3c' })).toMatchObject({ text: '#ffffff' });
    // The menu button keeps its light default background: its text stays dark under a white header text.
    expect(headerColors({ HEADER_BACKGROUND: '#1a2b3c', HEADER_TEXT: '#ffffff' }).buttonText).toBe('#000000');
    expect(headerColors({ DROPDOWN_BUTTON: '#000000' }).buttonText).toBe('#ffffff');
    expect(headerColors({ HEADER_TEXT: '#cccccc', HEADER_BACKGROUND: '#ffffff' }).text).toBe('#cccccc');
  });
  it('checks the two text pairs of a colour map that are set', () => {
    const r = brandContrast({
      HEADER_BACKGROUND: '#ffffff',
      HEADER_TEXT: '#777777',
      DROPDOWN_BUTTON: '#000',
    });
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ text: 'HEADER_TEXT', ok: false });
    expect(brandContrast({ DROPDOWN_BUTTON: '#000000', DROPDOWN_BUTTON_TEXT: '#ffffff' })[0]?.ok).toBe(true);
  });
});

describe('colorMapInput', () => {
  it('normalises colours and keeps the flag only when true', () => {
    const parsed = colorMapInput.parse({
      HEADER_BACKGROUND: '#ABC',
      HEADER_TEXT: '#112233',
      USE_CUSTOM_QBANK_LOGO_COLOR: 'false',
    });
    expect(colorMapToStore(parsed)).toEqual({ HEADER_BACKGROUND: '#aabbcc', HEADER_TEXT: '#112233' });
    expect(colorMapToStore(colorMapInput.parse({ USE_CUSTOM_QBANK_LOGO_COLOR: 'true' }))).toEqual({
      USE_CUSTOM_QBANK_LOGO_COLOR: 'true',
    });
  });
  it('refuses a malformed colour, naming the key', () => {
    const r = colorMapInput.safeParse({ HEADER_TEXT: 'red' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['HEADER_TEXT']);
    expect(r.error?.issues[0]?.message).toBe('HEADER_TEXT must be a colour like #1a2b3c');
  });
  it('refuses an unknown key, naming it', () => {
    const r = colorMapInput.safeParse({ FOOTER: '#000000' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('FOOTER is not a colorMap key');
  });
});
