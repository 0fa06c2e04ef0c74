import { z } from 'zod';

/**
 * Characters no text field accepts: NUL (PostgreSQL's text type cannot hold it) and a UTF-16 surrogate
 * without its other half (not a character at all; it cannot be encoded as UTF-8).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string is text every layer can store and send: no NUL, no lone surrogate. */
export const isSafeText = (s: string): boolean => !UNSAFE_TEXT.test(s);

/**
 * The one string schema every input field (body, query, path parameter) starts from: a string of safe text,
 * refused with a message naming the field before any other rule runs.
 */
export const textField = (field: string, typeError = `${field} is required`) =>
  z
    .string({ error: typeError })
    .refine(isSafeText, { error: `${field} contains characters that are not allowed`, abort: true });

/** A whole number in a query string or path ("2" or 2), refused with a message naming the field. */
export const wholeNumber = (field: string, min: number, max: number) =>
  z.coerce
    .number<number | string>({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be ${min} or more` })
    .max(max, { error: `${field} must be at most ${max}` });
