import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
});
