import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Makes messages from one e-mail address wait for each other until the transaction ends. */
export async function lockSender(tx: DbOrTx, emailAddress: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact:${emailAddress}`}))`);
}

/** The id of the same message (every field the same) from the same sender, stored after `since`. */
export async function findSameMessageSince(
  tx: DbOrTx,
  m: Omit<NewContactMessage, 'userId'>,
  since: Date,
): Promise<string | null> {
  const [earlier] = await tx
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.emailAddress, m.emailAddress),
        gt(contactMessages.createdAt, since),
        eq(contactMessages.subject, m.subject),
        eq(contactMessages.description, m.description),
        eq(contactMessages.firstName, m.firstName),
        eq(contactMessages.lastName, m.lastName),
      ),
    )
    .limit(1);
  return earlier?.id ?? null;
}

export async function insertMessage(tx: DbOrTx, values: NewContactMessage): Promise<string> {
  const [row] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}
