import type { z } from 'zod';

/** The first message per field of a contract schema's check, for showing under each input. */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const r = schema.safeParse(values);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}
