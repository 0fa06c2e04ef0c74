import { ErrorCode, type SortOrder } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/session';
import { isMember } from '../subscriptions/repository';
import {
  findProduct,
  logosOf,
  planOnSale,
  productColumns,
  searchProducts,
  toBillingPlan,
  toProductContent,
} from './repository';

export function storeService(deps: Deps) {
  const { db } = deps;

  /** A product the caller may see: published ones to anyone; unpublished ones to its members and superusers. */
  async function visibleProduct(auth: Auth | null, id: string) {
    const p = await findProduct(db, id);
    if (p && (p.published || auth?.superuser || (auth && (await isMember(db, auth.userId, id))))) return p;
    throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  }

  return {
    visibleProduct,
    /** The plan a price sells, while it is on sale (the rule checkout applies). */
    async priceOnSale(priceId: string) {
      const row = await planOnSale(db, priceId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'This plan is not available', 'priceId');
      return { productUuid: row.product.id, productName: row.product.name, plan: toBillingPlan(row.plan) };
    },
    search: (term: string, order: SortOrder) => searchProducts(db, term, order),
    async content(auth: Auth | null, id: string) {
      return toProductContent(await visibleProduct(auth, id));
    },
    async logos(auth: Auth | null, id: string, logoType: 'HEADER_LOGO' | 'PRODUCT_LOGO') {
      await visibleProduct(auth, id);
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
