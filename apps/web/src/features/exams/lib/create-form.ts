import {
  type CreateTestInput,
  SECONDS_PER_QUESTION_DEFAULT,
  SECONDS_PER_QUESTION_MAX,
  SECONDS_PER_QUESTION_MIN,
  TEST_MODES,
  TEST_NAME_MAX,
  TEST_POOLS,
  TEST_QUESTIONS_MAX,
  TEST_QUESTIONS_MIN,
  type TestMode,
  type TestPool,
} from '@qbank/contract';
import { HttpError } from '../../../lib/http';

/** The most questions the learner may ask for: the contract's limit, or fewer when fewer are available. */
export const questionCap = (available: number): number =>
  Math.max(0, Math.min(TEST_QUESTIONS_MAX, available));

/** Start Test's first offer: a test of 20, or all that is available when that is less. */
export const DEFAULT_QUESTIONS = 20;

/** How long a timed test lasts, as people say it: "45 s", "2 min 30 s", "1 h 15 min". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const parts: string[] = [];
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  // Seconds matter in a short test; past an hour nobody counts them.
  if (seconds && !hours) parts.push(`${seconds} s`);
  return parts.length > 0 ? parts.join(' ') : '0 s';
}

/** The words Start Test uses for each field the server may name in an error. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  mode: 'Mode',
  pools: 'Question pools',
  subcategoryUuids: 'Subjects and categories',
  numQuestions: 'Number of questions',
  secondsPerQuestion: 'Seconds per question',
  productUuid: 'QBank',
  uuid: 'Test',
};

/** What a failed create leads to: the error page of an open test (SPEC §8 startTestFailed), or a message. */
export type CreateFailure = { kind: 'open-test' } | { kind: 'message'; title: string; message: string };

export function createFailure(error: unknown): CreateFailure {
  if (!(error instanceof HttpError))
    return {
      kind: 'message',
      title: 'The test could not be started',
      message: 'The server could not be reached. Check your connection and try again.',
    };
  // 409: the database holds one open test per learner and product, and one was opened meanwhile. (A 409 naming
  // the uuid field is another learner's test under the same uuid, a message like any other.)
  if (error.statusCode === 409 && !error.field) return { kind: 'open-test' };
  const field = error.field ? (FIELD_LABELS[error.field] ?? error.field) : null;
  return {
    kind: 'message',
    title: field ? `${field}: this choice was refused` : 'The test could not be started',
    message: error.serverMessage,
  };
}

/**
 * Whether a retry after this failure sends the same test uuid. An answer in the 4xx range means nothing was
 * created, so the next submit is a new test; after a lost connection or a server failure the test may exist,
 * and the same uuid makes the server answer that test instead of creating a second.
 */
export const keepsAttempt = (error: unknown): boolean =>
  !(error instanceof HttpError) || error.statusCode >= 500;

/** What a link to Start Test may choose beforehand (a retake from a review): each part optional. */
export interface StartTestPreset {
  mode?: TestMode;
  pools?: TestPool[];
  subcategories?: string[];
  numQuestions?: number;
}

/** /tests/create with `preset` in its address, for Start Test to open with it chosen. */
export function startTestLink(preset: StartTestPreset): string {
  const q = new URLSearchParams();
  if (preset.mode) q.set('mode', preset.mode);
  if (preset.pools?.length) q.set('pools', preset.pools.join(','));
  if (preset.subcategories?.length) q.set('subcategories', preset.subcategories.join(','));
  if (preset.numQuestions !== undefined) q.set('questions', String(preset.numQuestions));
  const query = q.toString();
  return `/tests/create${query ? `?${query}` : ''}`;
}

/** What Start Test's address chooses beforehand; anything unknown or malformed is left out. */
export function presetFromSearch(params: URLSearchParams): StartTestPreset {
  const out: StartTestPreset = {};
  const mode = params.get('mode');
  if (TEST_MODES.includes(mode as TestMode)) out.mode = mode as TestMode;
  const pools = (params.get('pools') ?? '').split(',').filter((p) => TEST_POOLS.includes(p as TestPool));
  if (pools.length) out.pools = [...new Set(pools)] as TestPool[];
  const subs = (params.get('subcategories') ?? '').split(',').filter((s) => /^[0-9a-f-]{36}$/i.test(s));
  if (subs.length) out.subcategories = subs;
  const n = Number(params.get('questions'));
  if (Number.isInteger(n) && n >= TEST_QUESTIONS_MIN && n <= TEST_QUESTIONS_MAX) out.numQuestions = n;
  return out;
}

/** Start Test's own fields (the pools and the tree are chosen beside the form). */
export interface SettingsValues {
  name: string;
  mode: TestMode;
  numQuestions: number | string;
  secondsPerQuestion: number | string;
}

export const initialSettings = (): SettingsValues => ({
  name: '',
  mode: 'TUTOR',
  numQuestions: DEFAULT_QUESTIONS,
  secondsPerQuestion: SECONDS_PER_QUESTION_DEFAULT,
});

const wholeIn = (v: number | string, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * The number the test asks for: what the learner typed, capped by what is available (the field clamps itself
 * when it loses the focus; a submit by Enter can come first).
 */
export const cappedQuestions = (requested: number | string, cap: number): number | string =>
  typeof requested === 'number' && cap > 0 ? Math.min(requested, cap) : requested;

/** The contract's rules for the fields, in Start Test's words; `cap` is what the choice allows. */
export function validateSettings(
  values: SettingsValues,
  cap: number,
): Partial<Record<keyof SettingsValues, string>> {
  const errors: Partial<Record<keyof SettingsValues, string>> = {};
  const max = cap > 0 ? cap : TEST_QUESTIONS_MAX;
  if (!wholeIn(cappedQuestions(values.numQuestions, cap), TEST_QUESTIONS_MIN, max))
    errors.numQuestions = `Choose a whole number from ${TEST_QUESTIONS_MIN} to ${max}`;
  if (
    values.mode === 'TIMED' &&
    !wholeIn(values.secondsPerQuestion, SECONDS_PER_QUESTION_MIN, SECONDS_PER_QUESTION_MAX)
  )
    errors.secondsPerQuestion = `Choose a whole number of seconds from ${SECONDS_PER_QUESTION_MIN} to ${SECONDS_PER_QUESTION_MAX}`;
  if (values.name.trim().length > TEST_NAME_MAX)
    errors.name = `A name can have at most ${TEST_NAME_MAX} characters`;
  return errors;
}

/** The body of POST tests from the form and the choice. */
export function createBody(
  uuid: string,
  productUuid: string,
  values: SettingsValues,
  pools: TestPool[],
  subcategoryUuids: string[],
  cap: number,
): CreateTestInput {
  const name = values.name.trim();
  return {
    uuid,
    productUuid,
    ...(name ? { name } : {}),
    mode: values.mode,
    pools,
    subcategoryUuids,
    numQuestions: Number(cappedQuestions(values.numQuestions, cap)),
    // Tutor mode has no clock; the contract's default stands in.
    secondsPerQuestion:
      values.mode === 'TIMED' ? Number(values.secondsPerQuestion) : SECONDS_PER_QUESTION_DEFAULT,
  };
}
