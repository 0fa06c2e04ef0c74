import { describe, expect, it } from 'vitest';
import { flagWords, formatDiscrimination, formatFacility, formatShare } from './item-stats';

describe('item statistics as read on screen', () => {
  it('shows facility and shares as percentages', () => {
    expect(formatFacility(0.6449)).toBe('64%');
    expect(formatFacility(1)).toBe('100%');
    expect(formatFacility(null)).toBe('—');
    expect(formatShare(1 / 3)).toBe('33%');
    expect(formatShare(undefined)).toBe('—');
  });
  it('shows discrimination to two decimals with a minus sign', () => {
    expect(formatDiscrimination(0.4321)).toBe('0.43');
    expect(formatDiscrimination(-0.125)).toBe('−0.13');
    expect(formatDiscrimination(-0.001)).toBe('0.00');
    expect(formatDiscrimination(null)).toBe('—');
  });
  it('names the flags', () => {
    expect(flagWords(['TOO_EASY', 'POSSIBLE_WRONG_KEY'])).toEqual(['Too easy', 'Possible wrong key']);
  });
});
