import { ErrorCode, type SortOrder, storeProduct } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { PreSerialized } from '../../lib/route';
import type { Auth } from '../../plugins/session';
import { isMember } from '../subscriptions/repository';
import {
  findProduct,
  logosOf,
  planOnSale,
  productColumns,
  searchProducts,
  storeFingerprint,
  toBillingPlan,
  toProductContent,
  toTsQuery,
} from './repository';
import { searchCache } from './search-cache';

const storeList = z.array(storeProduct);

/** A product the caller may see: published ones to anyone; unpublished ones to its members and superusers. */
export async function visibleProduct(db: DbOrTx, auth: Auth | null, id: string) {
  const p = await findProduct(db, id);
  if (p && (p.published || auth?.superuser || (auth && (await isMember(db, auth.userId, id))))) return p;
  throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
}

export function storeService(deps: Deps) {
  const { db } = deps;
  // Five minutes at most, 64 MB of JSON (the blank term over 5,000 products is about 3.4 MB), 1,000 terms.
  const answers = searchCache({ maxAgeMs: 5 * 60_000, maxChars: 64 * 1024 * 1024, maxEntries: 1000 });

  return {
    /** The plan a price sells, while it is on sale (the rule checkout applies). */
    async priceOnSale(priceId: string) {
      const row = await planOnSale(db, priceId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'This plan is not available', 'priceId');
      return { productUuid: row.product.id, productName: row.product.name, plan: toBillingPlan(row.plan) };
    },
    /**
     * Store search, answered from the cache while the store is unchanged. The fingerprint is read before the
     * list, so a list is never older than the fingerprint it is kept under.
     */
    async search(term: string, order: SortOrder): Promise<PreSerialized> {
      const key = `${order} ${toTsQuery(term)}`;
      const fingerprint = await storeFingerprint(db);
      const kept = answers.get(key, fingerprint);
      if (kept !== undefined) return new PreSerialized(kept);
      const json = JSON.stringify(storeList.parse(await searchProducts(db, term, order)));
      answers.set(key, fingerprint, json);
      return new PreSerialized(json);
    },
    async content(auth: Auth | null, id: string) {
      return toProductContent(await visibleProduct(db, auth, id));
    },
    async logos(auth: Auth | null, id: string, logoType: 'HEADER_LOGO' | 'PRODUCT_LOGO') {
      await visibleProduct(db, auth, id);
      return logosOf(db, id, logoType);
    },
    /** The catalogue's product list: every published product (a superuser sees unpublished ones too). */
    async list(auth: Auth | null) {
      const rows = await db
        .select(productColumns)
        .from(products)
        .where(auth?.superuser ? undefined : eq(products.published, true))
        .orderBy(products.name);
      return rows.map(toProductContent);
    },
  };
}
