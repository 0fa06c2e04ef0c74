/**
 * The exam screen's calculator (a basic one, as the anchors' learners have): its keys change a state and the
 * display says the state. Immediate execution, as a pocket calculator: 2 + 3 × 4 = 20. No eval.
 */
export type CalcOperator = '+' | '−' | '×' | '÷';
export type CalcKey =
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '.'
  | '±'
  | '%'
  | 'C'
  | '⌫'
  | '='
  | CalcOperator;

export interface CalcState {
  /** What the display shows: the number being typed, a result, or "Error". */
  display: string;
  /** The left operand, while an operator waits for its right one. */
  stored: number | null;
  operator: CalcOperator | null;
  /** The next digit starts a new number (after an operator or a result). */
  fresh: boolean;
}

export const ERROR = 'Error';
/** Digits a typed number may have (a display of 12 digits, as a pocket calculator's). */
export const MAX_DIGITS = 12;

export const initialCalc: CalcState = { display: '0', stored: null, operator: null, fresh: true };

/**
 * A number as the display shows it: 12 significant digits at most, so 0.1 + 0.2 shows 0.3; very large and
 * very small numbers in exponent form; anything not finite is "Error".
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return ERROR;
  const rounded = Number(n.toPrecision(MAX_DIGITS));
  if (rounded === 0) return '0';
  const abs = Math.abs(rounded);
  if (abs >= 1e12 || abs < 1e-6) {
    const [mantissa, exponent] = rounded.toExponential(MAX_DIGITS - 4).split('e');
    const trimmed = mantissa!.includes('.') ? mantissa!.replace(/\.?0+$/, '') : mantissa!;
    return `${trimmed}e${exponent!.replace('+', '')}`;
  }
  return String(rounded);
}

const shownNumber = (s: CalcState) => Number(s.display);
const isError = (s: CalcState) => s.display === ERROR;

function apply(a: number, op: CalcOperator, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '−':
      return a - b;
    case '×':
      return a * b;
    case '÷':
      return b === 0 ? Number.NaN : a / b;
  }
}

const failed: CalcState = { display: ERROR, stored: null, operator: null, fresh: true };

function result(n: number, next: Pick<CalcState, 'stored' | 'operator'>): CalcState {
  const display = formatNumber(n);
  return display === ERROR ? failed : { display, fresh: true, ...next };
}

function typeDigit(s: CalcState, digit: string): CalcState {
  if (s.fresh || isError(s)) return { ...s, display: digit, fresh: false };
  if (s.display.replace(/[-.]/g, '').length >= MAX_DIGITS) return s;
  if (s.display === '0') return { ...s, display: digit };
  if (s.display === '-0') return { ...s, display: `-${digit}` };
  return { ...s, display: s.display + digit };
}

/** The state after one key. After "Error", a digit or C starts again and other keys do nothing. */
export function press(s: CalcState, key: CalcKey): CalcState {
  if (key === 'C') return initialCalc;
  if (isError(s) && !/^[0-9.]$/.test(key)) return s;
  switch (key) {
    case '.':
      if (s.fresh || isError(s)) return { ...s, display: '0.', fresh: false };
      return s.display.includes('.') ? s : { ...s, display: `${s.display}.` };
    case '±':
      // After an operator the sign starts the next number; otherwise it changes the number shown.
      if (s.fresh && s.operator !== null) return { ...s, display: '-0', fresh: false };
      if (s.display.startsWith('-')) return { ...s, display: s.display.slice(1) };
      return s.display === '0' ? s : { ...s, display: `-${s.display}` };
    case '%':
      return result(shownNumber(s) / 100, { stored: s.stored, operator: s.operator });
    case '⌫': {
      if (s.fresh) return s;
      const shorter = s.display.slice(0, -1);
      return { ...s, display: shorter === '' || shorter === '-' ? '0' : shorter };
    }
    case '=':
      if (s.operator === null || s.stored === null) return { ...s, fresh: true };
      return result(apply(s.stored, s.operator, shownNumber(s)), { stored: null, operator: null });
    case '+':
    case '−':
    case '×':
    case '÷':
      // A second operator in a row replaces the first; after a number, the waiting one is worked out first.
      if (s.operator !== null && s.stored !== null && !s.fresh) {
        const worked = result(apply(s.stored, s.operator, shownNumber(s)), { stored: null, operator: null });
        return isError(worked) ? worked : { ...worked, stored: Number(worked.display), operator: key };
      }
      return {
        ...s,
        stored: s.operator !== null && s.fresh ? s.stored : shownNumber(s),
        operator: key,
        fresh: true,
      };
    default:
      return typeDigit(s, key);
  }
}

/** A keyboard key as a calculator key, or null (the browser keeps it). */
export function keyOf(key: string): CalcKey | null {
  if (/^[0-9]$/.test(key)) return key as CalcKey;
  const map: Record<string, CalcKey> = {
    '.': '.',
    ',': '.',
    '+': '+',
    '-': '−',
    '*': '×',
    x: '×',
    X: '×',
    '/': '÷',
    '%': '%',
    '=': '=',
    Enter: '=',
    Backspace: '⌫',
    Delete: 'C',
    c: 'C',
    C: 'C',
  };
  return map[key] ?? null;
}
