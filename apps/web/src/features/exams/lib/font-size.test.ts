import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FONT_SIZE_STEP,
  FONT_SIZE_STEPS,
  fontSizeStep,
  parseFontSizeStep,
  stepFontSize,
} from './font-size';

describe('exam text size', () => {
  it('reads a stored step and falls back to Normal for anything else', () => {
    expect(parseFontSizeStep('3')).toBe(3);
    expect(parseFontSizeStep('0')).toBe(0);
    for (const bad of [null, undefined, '', '4', '-1', '1.5', 'large', ' 2'])
      expect(parseFontSizeStep(bad)).toBe(DEFAULT_FONT_SIZE_STEP);
    expect(fontSizeStep(DEFAULT_FONT_SIZE_STEP)).toEqual({ label: 'Normal', scale: 1 });
  });

  it('steps one at a time and stops at the smallest and largest', () => {
    expect(stepFontSize(1, 1)).toBe(2);
    expect(stepFontSize(1, -1)).toBe(0);
    expect(stepFontSize(0, -1)).toBe(0);
    expect(stepFontSize(FONT_SIZE_STEPS.length - 1, 1)).toBe(FONT_SIZE_STEPS.length - 1);
  });

  it('grows with each step', () => {
    const scales = FONT_SIZE_STEPS.map((s) => s.scale);
    expect([...scales].sort((a, b) => a - b)).toEqual(scales);
  });
});
