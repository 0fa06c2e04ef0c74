import { ErrorCode, type ProductReference } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { isBlankRichText, outsideImageMessage, outsideImages, sanitizeRichText } from '../../lib/rich-text';
import { type Actor, authorize } from '../../policies';
import { visibleProduct } from '../store';

async function readReference(db: DbOrTx, productId: string): Promise<string> {
  const [row] = await db
    .select({ html: products.referencePanel })
    .from(products)
    .where(eq(products.id, productId));
  return row?.html ?? '';
}

/**
 * A product's reference panel (docs/tests.md, "The learner's tools"): read by whoever may see the product (the
 * tree's rule), replaced by its admins and superusers. The HTML is sanitised as question rich text is
 * (decision 0013); a panel that shows nothing is stored as ''.
 */
export function referenceService({ db }: Deps) {
  async function reference(actor: Actor | null, productId: string): Promise<ProductReference> {
    await visibleProduct(db, actor, productId);
    return { productUuid: productId, html: await readReference(db, productId) };
  }

  async function updateReference(actor: Actor, productId: string, html: string): Promise<ProductReference> {
    await visibleProduct(db, actor, productId);
    await authorize(actor, 'catalogue.manage', { productId });
    const outside = outsideImages(html)[0];
    if (outside !== undefined)
      throw new AppError(
        ErrorCode.VALIDATION,
        outsideImageMessage('The reference panel', outside, 'it shows no pictures from other sites'),
        'html',
      );
    const clean = sanitizeRichText(html);
    const stored = isBlankRichText(clean) ? '' : clean;
    // One statement: the row's own lock orders concurrent saves, the last one wins.
    await db
      .update(products)
      .set({ referencePanel: stored, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    return { productUuid: productId, html: stored };
  }

  return { reference, updateReference };
}
