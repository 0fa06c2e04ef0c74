import { type AuditEntryView, type AuditPage, type auditQuery, ErrorCode } from '@qbank/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { loggedActions, searchAudit, userIdByEmail } from './repository';

type Query = z.output<typeof auditQuery>;

const cursorOf = (e: { at: Date; id: number }) => `${e.at.toISOString()}_${e.id}`;
function readCursor(c: string) {
  const [at, id] = c.split('_');
  return { at: new Date(at!), id: Number(id) };
}

/** The audit log's reads (docs/audit-log.md). */
export function auditService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  return {
    /** GET auditLog: a page, newest first; the next page starts at `next`. */
    async search(actor: Actor, q: Query): Promise<AuditPage> {
      await authorize(actor, 'audit.read', { productId: q.productUuid ?? null });
      if (q.from && q.to && Date.parse(q.to) <= Date.parse(q.from))
        throw new AppError(ErrorCode.VALIDATION, 'to must be after from', 'to');
      let actorId: string | undefined;
      if (q.actorEmail) {
        const id = await userIdByEmail(db, q.actorEmail);
        // Nobody by that address: nothing they did.
        if (!id) return { content: [], next: null };
        actorId = id;
      }
      const rows = await searchAudit(
        db,
        {
          productId: q.productUuid,
          actorId,
          action: q.action || undefined,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          before: q.before ? readCursor(q.before) : undefined,
        },
        q.size + 1,
      );
      const page = rows.slice(0, q.size);
      const content: AuditEntryView[] = page.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor:
          r.actor_id === null
            ? null
            : {
                uuid: r.actor_id,
                name: r.first_name === null ? '(account deleted)' : `${r.first_name} ${r.last_name}`.trim(),
                emailAddress: r.email ?? '',
              },
        product:
          r.product_id === null ? null : { uuid: r.product_id, name: r.product_name ?? '(product deleted)' },
        action: r.action,
        details: r.details,
        ip: r.ip,
      }));
      return { content, next: rows.length > q.size ? cursorOf(page.at(-1)!) : null };
    },

    /** GET auditLog/actions. */
    async actions(actor: Actor, productId?: string) {
      await authorize(actor, 'audit.read', { productId: productId ?? null });
      return { actions: await loggedActions(db, productId) };
    },
  };
}
