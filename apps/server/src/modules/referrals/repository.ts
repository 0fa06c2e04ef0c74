import type { DbOrTx } from '../../db/client';
import { referralVisits } from '../../db/schema';

export async function insertVisit(db: DbOrTx, tokenId: string, userAgent: string | null, at: Date) {
  await db.insert(referralVisits).values({ tokenId, userAgent, createdAt: at });
}
