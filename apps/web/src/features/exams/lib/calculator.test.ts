import { describe, expect, it } from 'vitest';
import { type CalcKey, formatNumber, initialCalc, keyOf, press } from './calculator';

/** The display after pressing the keys, written as one string ("12+3=") or a list. */
function run(keys: string | CalcKey[]): string {
  const list = typeof keys === 'string' ? ([...keys] as CalcKey[]) : keys;
  return list.reduce(press, initialCalc).display;
}

describe('calculator display', () => {
  it('shows 12 significant digits, so sums of decimals read as written', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1 / 3)).toBe('0.333333333333');
    expect(formatNumber(2 / 3)).toBe('0.666666666667');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(123456789012)).toBe('123456789012');
  });

  // The exponent form keeps 9 significant digits, so it fits the same display width.
  it('writes very large and very small numbers with an exponent, and anything not finite as Error', () => {
    expect(formatNumber(1e15)).toBe('1e15');
    expect(formatNumber(1234567890123)).toBe('1.23456789e12');
    expect(formatNumber(0.0000001)).toBe('1e-7');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('Error');
    expect(formatNumber(Number.NaN)).toBe('Error');
  });
});

describe('calculator keys', () => {
  it('does the four operations', () => {
    expect(run('12+30=')).toBe('42');
    expect(run('7−10=')).toBe('-3');
    expect(run('6×7=')).toBe('42');
    expect(run('1÷4=')).toBe('0.25');
    expect(run('0.1+0.2=')).toBe('0.3');
  });

  it('works left to right, as a pocket calculator', () => {
    expect(run('2+3×4=')).toBe('20');
    // The running result shows as the next operator is pressed.
    expect(run('2+3×')).toBe('5');
  });

  it('lets a second operator replace the first', () => {
    expect(run('8+×2=')).toBe('16');
  });

  it('says Error on division by zero, and starts again on a digit or C', () => {
    expect(run('5÷0=')).toBe('Error');
    expect(run('5÷0=+')).toBe('Error');
    expect(run('5÷0=7')).toBe('7');
    expect(run('5÷0=C')).toBe('0');
    expect(run('5÷0×')).toBe('Error');
  });

  it('takes one decimal point and a leading zero', () => {
    expect(run('.5')).toBe('0.5');
    expect(run('1.2.3')).toBe('1.23');
    expect(run('007')).toBe('7');
  });

  it('changes the sign of the number shown, or starts a negative one after an operator', () => {
    expect(run('5±')).toBe('-5');
    expect(run('5±±')).toBe('5');
    expect(run('0±')).toBe('0');
    expect(run('10×±3=')).toBe('-30');
  });

  it('takes a percent of the number shown', () => {
    expect(run('50%')).toBe('0.5');
    expect(run('200×15%=')).toBe('30');
  });

  it('deletes the last digit, never a result', () => {
    expect(run('123⌫')).toBe('12');
    expect(run('5⌫')).toBe('0');
    expect(run('5±⌫')).toBe('0');
    expect(run('2+3=⌫')).toBe('5');
  });

  it('stops at 12 digits', () => {
    expect(run('1234567890123')).toBe('123456789012');
  });

  it('clears everything with C', () => {
    const s = ([...'12+3'] as CalcKey[]).reduce(press, initialCalc);
    expect(press(s, 'C')).toEqual(initialCalc);
  });

  it('maps keyboard keys', () => {
    expect(keyOf('7')).toBe('7');
    expect(keyOf('*')).toBe('×');
    expect(keyOf('/')).toBe('÷');
    expect(keyOf('-')).toBe('−');
    expect(keyOf('Enter')).toBe('=');
    expect(keyOf('Backspace')).toBe('⌫');
    expect(keyOf('Escape')).toBeNull();
    expect(keyOf('a')).toBeNull();
  });
});
