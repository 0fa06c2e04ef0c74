// What writing the audit entry adds to the write it follows (docs/audit-log.md): a privileged write — a staff
// member's role changed in its transaction — timed alone and followed by its entry (appendAudit, as the staff
// service writes it), the two kinds interleaved so that whatever the machine does meanwhile falls on both.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { column, selectRows } from '../apps/server/src/db/rows';
import { appendAudit } from '../apps/server/src/infra/audit';

export const AUDIT_WRITE_SCENARIO = 'audit entry write: a role change with and without its entry';

export interface AuditWriteRow {
  name: string;
  p50: number;
  p99: number;
  count: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const ms = (n: number) => Math.round(n * 1000) / 1000;

/** The scenario, when BENCH_ONLY asks for it (or for everything); `rounds` pairs of writes, one at a time. */
export async function measureAuditWrite(o: {
  only: string | undefined;
  db: Db;
  rounds: number;
}): Promise<AuditWriteRow[] | null> {
  const only = o.only?.toLowerCase().split('|');
  if (only && !only.some((w) => AUDIT_WRITE_SCENARIO.includes(w))) return null;
  console.log(`  ${AUDIT_WRITE_SCENARIO}: ${o.rounds} rounds ...`);
  // Staff subscriptions to change: the same few rows over and over, as an admin's screen would.
  const subs = await selectRows(
    o.db,
    { id: column.string, user_id: column.string, product_id: column.string },
    sql`SELECT id::text, user_id::text, product_id::text FROM subscriptions ORDER BY id LIMIT 50`,
  );
  if (subs.length === 0) throw new Error('no subscriptions to change');
  const alone: number[] = [];
  const withEntry: number[] = [];
  const write = async (n: number, audited: boolean) => {
    const s = subs[n % subs.length]!;
    const started = performance.now();
    await o.db.transaction(async (tx) => {
      const [before] = await selectRows(
        tx,
        { question_writer: column.boolean },
        sql`UPDATE subscriptions SET question_writer = NOT question_writer WHERE id = ${s.id}::uuid
          RETURNING question_writer`,
      );
      if (audited)
        await appendAudit(tx, {
          actorId: s.user_id,
          productId: s.product_id,
          action: 'staff.roles.update',
          details: {
            userId: s.user_id,
            before: { writer: !before!.question_writer },
            after: { writer: before!.question_writer },
          },
          at: new Date(),
        });
    });
    (audited ? withEntry : alone).push(performance.now() - started);
  };
  // A warm-up, then the pairs, which kind first alternating.
  for (let n = 0; n < 200; n++) await write(n, n % 2 === 0);
  alone.length = 0;
  withEntry.length = 0;
  for (let n = 0; n < o.rounds; n++) {
    await write(n, n % 2 === 0);
    await write(n, n % 2 === 1);
  }
  alone.sort((a, b) => a - b);
  withEntry.sort((a, b) => a - b);
  const row = (name: string, xs: number[]): AuditWriteRow => ({
    name,
    p50: ms(percentile(xs, 50)),
    p99: ms(percentile(xs, 99)),
    count: xs.length,
  });
  const a = row('role change alone', alone);
  const b = row('role change and its audit entry', withEntry);
  return [
    a,
    b,
    { name: 'added by the audit entry', p50: ms(b.p50 - a.p50), p99: ms(b.p99 - a.p99), count: 0 },
  ];
}

/** The rows as a table. */
export function auditWriteTable(rows: AuditWriteRow[]): { head: string[]; rows: string[][] } {
  return {
    head: ['write', 'p50 ms', 'p99 ms', 'writes'],
    rows: rows.map((r) => [r.name, `${r.p50}`, `${r.p99}`, r.count ? `${r.count}` : '—']),
  };
}

export function printAuditWriteRows(rows: AuditWriteRow[]): void {
  const table = auditWriteTable(rows);
  console.log(`\n${AUDIT_WRITE_SCENARIO}\n\n| ${table.head.join(' | ')} |\n| --- | ---: | ---: | ---: |`);
  for (const cells of table.rows) console.log(`| ${cells.join(' | ')} |`);
}
