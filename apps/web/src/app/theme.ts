import { Alert, createTheme, Input, type MantineColorsTuple } from '@mantine/core';
import inputFocus from './input-focus.module.css';

const brand: MantineColorsTuple = [
  '#e8f2fc',
  '#d1e2f5',
  '#a2c3ea',
  '#6fa2df',
  '#4586d5',
  '#2b74cf',
  '#1c6acd',
  '#1c5d99',
  '#0f4c86',
  '#003f73',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // Menus, drawers and modals appear without animation for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    // A visible focus ring on every text input, select and textarea (they all draw Input's box).
    Input: Input.extend({ classNames: { input: inputFocus.input } }),
    // Mantine tints a light alert's title with the alert's colour (yellow 2:1, green 2.5:1 on its own background),
    // below WCAG AA's 4.5:1; the body text colour keeps every title readable while the icon and tint stay.
    Alert: Alert.extend({
      styles: (_theme, props) =>
        props.variant === 'filled' || props.variant === 'white'
          ? {}
          : { title: { color: 'var(--mantine-color-text)' } },
    }),
  },
});
