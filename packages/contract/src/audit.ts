import { z } from 'zod';
import { textField, wholeNumber } from './text';

// The audit log (docs/audit-log.md): every privileged action with who, when, from where and what, searched by
// superusers over the whole platform and by each admin over their own product.

export const AUDIT_PAGE_SIZE = 50;

/** A page's cursor: the last entry's time and id (`2026-11-27T10:00:00.000Z_123`), read back as the next page's start. */
const cursor = textField('before')
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z_\d+$/, {
    error: 'before must be a cursor from a previous page',
  })
  .optional();

/** GET auditLog. */
export const auditQuery = z.object({
  /** One product's entries (its admins may ask); absent: the whole platform (superusers only). */
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }).optional(),
  /** Who acted, by e-mail (exact, any case). */
  actorEmail: textField('actorEmail', 'actorEmail must be text')
    .trim()
    .max(254, { error: 'actorEmail must be at most 254 characters' })
    .optional(),
  /** What was done, exactly as logged ('assignment.create'). */
  action: textField('action', 'action must be text')
    .trim()
    .max(100, { error: 'action must be at most 100 characters' })
    .optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time (ISO 8601)' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time (ISO 8601)' }).optional(),
  before: cursor,
  size: wholeNumber('size', 1, 200).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ uuid: z.string(), name: z.string(), emailAddress: z.string() }).nullable(),
  product: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  /** The ids, names and values before and after, as the action logged them. */
  details: z.record(z.string(), z.unknown()),
  /** The address the request came from; null for the server's own jobs. */
  ip: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  content: z.array(auditEntry),
  /** The cursor of the next (older) page, or null at the end. */
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET auditLog/actions: the actions logged (in the product, when named), to filter by. */
export const auditActionsQuery = z.object({
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }).optional(),
});
export const auditActions = z.object({ actions: z.array(z.string()) });
