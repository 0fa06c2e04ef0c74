import { ErrorCode } from '@qbank/contract';
import type { z } from 'zod';
import { AppError } from './app-error';

export type InputPart = 'body' | 'query' | 'params';

/** The parts of a zod issue the message needs (Fastify's validation entries carry the same). */
export interface Issue {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  keys?: readonly string[];
}

/**
 * The one 400 a bad input answers: the first problem, naming its field. zod's own wording (a schema without a
 * message of ours) is made to name the field too.
 */
export function validationError(issue: Issue, where: InputPart): AppError {
  if (issue.path.length === 0) {
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${(issue.keys ?? []).join(', ')}`
        : where === 'body' && issue.code === 'invalid_type'
          ? 'The request body must be a JSON object'
          : issue.message;
    return new AppError(ErrorCode.VALIDATION, message);
  }
  const field = issue.path.map(String).join('.');
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') message = `Unknown field: ${(issue.keys ?? []).join(', ')}`;
  else if (issue.code === 'invalid_type' && /received undefined$/.test(message))
    message = `${field} is required`;
  else if (/^(Invalid|Too (big|small))\b/.test(message)) message = `${field}: ${message}`;
  return new AppError(ErrorCode.VALIDATION, message, field);
}

/** Validates a value outside an HTTP route (the operator's command line) with the same messages. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: InputPart): z.output<S> {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  throw validationError(result.error.issues[0]!, where);
}
