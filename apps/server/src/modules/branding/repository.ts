import type { LogoType } from '@qbank/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productLogos, products } from '../../db/schema';

/** Where a logo's bytes are served: by product and content hash, so a new logo has a new URL. */
export const logoUrl = (productId: string, hash: string) => `/api/v2/products/${productId}/logo/${hash}`;

/** The product's colour map, its row locked when `lock` (a change reads it first, then writes). */
export async function readColorMap(db: DbOrTx, productId: string, lock = false) {
  const q = db.select({ colorMap: products.colorMap }).from(products).where(eq(products.id, productId));
  const [row] = await (lock ? q.for('update') : q);
  return row?.colorMap ?? null;
}

export async function writeColorMap(db: DbOrTx, productId: string, colorMap: Record<string, string>) {
  await db.update(products).set({ colorMap, updatedAt: sql`now()` }).where(eq(products.id, productId));
}

/** The URL of the product's logo of a type (the newest row, as GET products/{id}/logo lists them), or null. */
export async function currentLogo(db: DbOrTx, productId: string, logoType: LogoType) {
  const [row] = await db
    .select({ url: productLogos.url })
    .from(productLogos)
    .where(and(eq(productLogos.productId, productId), eq(productLogos.logoType, logoType)))
    .orderBy(sql`${productLogos.createdAt} DESC`)
    .limit(1);
  return row?.url ?? null;
}

/**
 * Replaces the product's logos of a type with one URL (or none). Touches the product row too: the store's
 * answers carry a product's logo, and a write to `products` raises the store's version (migration 0007).
 */
export async function replaceLogo(
  db: DbOrTx,
  productId: string,
  logoType: LogoType,
  url: string | null,
  at: Date,
) {
  await db
    .delete(productLogos)
    .where(and(eq(productLogos.productId, productId), eq(productLogos.logoType, logoType)));
  if (url) await db.insert(productLogos).values({ productId, logoType, url, createdAt: at });
  await db.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, productId));
}

/** Whether the URL is one of the product's current logos (only those are served). */
export async function isProductLogo(db: DbOrTx, productId: string, url: string) {
  const [row] = await db
    .select({ id: productLogos.id })
    .from(productLogos)
    .where(and(eq(productLogos.productId, productId), eq(productLogos.url, url)))
    .limit(1);
  return !!row;
}
