import { createHash } from 'node:crypto';
import { PRODUCT_SETTINGS_FIELDS, type ProductSettingsValues, parseAdditionalContent } from '@qbank/contract';
import type { SettingsRow } from './repository';

/**
 * SPEC §3's exampleQuestions as the settings hold them: a list of texts. A stored list keeps its texts; a lone
 * text is a list of one; anything else (written by hand into the column) reads as none.
 */
export function exampleQuestionsOf(v: unknown): string[] {
  if (typeof v === 'string') return v.trim() ? [v] : [];
  if (Array.isArray(v)) return v.filter((q): q is string => typeof q === 'string' && q.trim() !== '');
  return [];
}

/** A product row's settings: its columns, and additionalContent's four fields ('' or [] when absent). */
export function settingsOf(row: SettingsRow): ProductSettingsValues {
  const extra = parseAdditionalContent(row.additionalContent);
  return {
    name: row.name,
    productCategory: row.productCategory,
    content: row.content,
    targetAudience: row.targetAudience,
    questionFormat: row.questionFormat,
    authors: row.authors,
    shortDescription: extra.shortDescription ?? '',
    shortAuthors: extra.shortAuthors ?? '',
    exampleQuestions: exampleQuestionsOf(extra.exampleQuestions),
    demoVideo: extra.demoVideo ?? '',
  };
}

/**
 * The settings' version: a hash of their values. It changes exactly when a setting does (a logo or a plan
 * changed meanwhile does not refuse a save), and a save based on the values as they are now loses nothing.
 */
export function settingsVersion(s: ProductSettingsValues): string {
  const values = PRODUCT_SETTINGS_FIELDS.map((f) => s[f]);
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
}

/**
 * The additionalContent JSON string with the four fields set: other keys someone stored there are kept; an
 * empty field is left out; a column that does not parse as a JSON object is replaced. Null when nothing is left.
 */
export function mergedAdditionalContent(stored: string | null, s: ProductSettingsValues): string | null {
  let base: Record<string, unknown> = {};
  try {
    const v = stored ? (JSON.parse(stored) as unknown) : null;
    if (v && typeof v === 'object' && !Array.isArray(v)) base = v as Record<string, unknown>;
  } catch {
    // Replaced below: SPEC §3 reads a column that does not parse as nothing.
  }
  const out: Record<string, unknown> = { ...base };
  const put = (key: string, value: string | string[]) => {
    if (value.length === 0) delete out[key];
    else out[key] = value;
  };
  put('shortDescription', s.shortDescription);
  put('shortAuthors', s.shortAuthors);
  put('exampleQuestions', s.exampleQuestions);
  put('demoVideo', s.demoVideo);
  return Object.keys(out).length === 0 ? null : JSON.stringify(out);
}

/** The fields whose values differ, with both values: what the audit entry records. */
export function changedFields(before: ProductSettingsValues, after: ProductSettingsValues) {
  const changed = PRODUCT_SETTINGS_FIELDS.filter(
    (f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]),
  );
  return {
    changed,
    before: Object.fromEntries(changed.map((f) => [f, before[f]])),
    after: Object.fromEntries(changed.map((f) => [f, after[f]])),
  };
}
