/**
 * The exam screen's text size (stem, choices, explanation), one of a few steps, remembered per browser. Pure:
 * the hook (hooks/use-font-size.ts) keeps the step in localStorage.
 */
export const FONT_SIZE_STEPS = [
  { label: 'Small', scale: 0.875 },
  { label: 'Normal', scale: 1 },
  { label: 'Large', scale: 1.125 },
  { label: 'Largest', scale: 1.25 },
] as const;

export const DEFAULT_FONT_SIZE_STEP = 1;
export const FONT_SIZE_STORAGE_KEY = 'qbank.exam.fontSize';

/** A stored value as a step: anything that is not a whole step in range is the default. */
export function parseFontSizeStep(stored: string | null | undefined): number {
  if (stored == null || !/^\d+$/.test(stored)) return DEFAULT_FONT_SIZE_STEP;
  const step = Number(stored);
  return step < FONT_SIZE_STEPS.length ? step : DEFAULT_FONT_SIZE_STEP;
}

/** One step smaller or larger, stopping at the ends. */
export function stepFontSize(step: number, by: -1 | 1): number {
  return Math.min(FONT_SIZE_STEPS.length - 1, Math.max(0, step + by));
}

export const fontSizeStep = (step: number) =>
  FONT_SIZE_STEPS[step] ?? FONT_SIZE_STEPS[DEFAULT_FONT_SIZE_STEP];
