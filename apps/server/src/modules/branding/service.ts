import { createHash } from 'node:crypto';
import {
  type colorMapInput,
  colorMapToStore,
  ErrorCode,
  LOGO_FIELD,
  LOGO_FORMATS,
  type LogoType,
  type ProductBranding,
} from '@qbank/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { sniffMedia } from '../../lib/media-type';
import { type Actor, authorize } from '../../policies';
import { findMediaFile, recordMediaFile } from '../media';
import { visibleProduct } from '../store';
import { currentLogo, isProductLogo, logoUrl, readColorMap, replaceLogo, writeColorMap } from './repository';

const noSuchProduct = () => new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
const noSuchLogo = () => new AppError(ErrorCode.NOT_FOUND, 'No such logo', 'hash');

async function brandingOf(db: DbOrTx, productId: string): Promise<ProductBranding> {
  const colorMap = await readColorMap(db, productId);
  if (!colorMap) throw noSuchProduct();
  return {
    productUuid: productId,
    colorMap,
    logos: {
      HEADER_LOGO: await currentLogo(db, productId, 'HEADER_LOGO'),
      PRODUCT_LOGO: await currentLogo(db, productId, 'PRODUCT_LOGO'),
    },
  };
}

/**
 * A product's branding (docs/branding.md): its header colours (SPEC §3 colorMap) and its header and product
 * logos. Its admins and superusers change them; each change is one transaction with its audit entry, which
 * holds the value before and after.
 */
export function brandingService({ db, storage, clock }: Deps) {
  /** Who may is asked before anything is read or written (and outside any transaction: it may read roles). */
  async function manager(actor: Actor, productId: string) {
    await visibleProduct(db, actor, productId);
    await authorize(actor, 'branding.manage', { productId });
  }

  return {
    async read(actor: Actor, productId: string) {
      await manager(actor, productId);
      return brandingOf(db, productId);
    },

    async setColors(actor: Actor, productId: string, input: z.output<typeof colorMapInput>) {
      await manager(actor, productId);
      const after = colorMapToStore(input);
      return db.transaction(async (tx) => {
        const before = await readColorMap(tx, productId, true);
        if (!before) throw noSuchProduct();
        await writeColorMap(tx, productId, after);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'branding.colors.set',
          details: { before, after },
          at: clock.now(),
        });
        return brandingOf(tx, productId);
      });
    },

    /**
     * Replaces the logo of a type with an image recognised from its bytes (raster only: SVG can carry script
     * and is refused, not sanitised), stored by SHA-256 as question media are.
     */
    async uploadLogo(actor: Actor, productId: string, logoType: LogoType, file: () => Promise<Uint8Array>) {
      await manager(actor, productId); // before the upload is read
      const bytes = await file();
      if (bytes.length === 0)
        throw new AppError(ErrorCode.VALIDATION, `${LOGO_FIELD} is an empty file`, LOGO_FIELD);
      const kind = await sniffMedia(bytes);
      if (kind?.kind !== 'image')
        throw new AppError(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          `${LOGO_FIELD} must be a ${LOGO_FORMATS} image (SVG is not accepted)`,
          LOGO_FIELD,
        );
      const hash = createHash('sha256').update(bytes).digest('hex');
      // Stored before the row that names it: a crash in between leaves an unused file, never a row without one.
      await storage.put(hash, bytes, kind.contentType);
      const url = logoUrl(productId, hash);
      return db.transaction(async (tx) => {
        if (!(await readColorMap(tx, productId, true))) throw noSuchProduct(); // locks the product: one change at a time
        const before = await currentLogo(tx, productId, logoType);
        await recordMediaFile(tx, { hash, contentType: kind.contentType, size: bytes.length });
        await replaceLogo(tx, productId, logoType, url, clock.now());
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'branding.logo.set',
          details: { logoType, before, after: url, contentType: kind.contentType, size: bytes.length },
          at: clock.now(),
        });
        return brandingOf(tx, productId);
      });
    },

    async removeLogo(actor: Actor, productId: string, logoType: LogoType) {
      await manager(actor, productId);
      return db.transaction(async (tx) => {
        if (!(await readColorMap(tx, productId, true))) throw noSuchProduct();
        const before = await currentLogo(tx, productId, logoType);
        if (before) {
          await replaceLogo(tx, productId, logoType, null, clock.now());
          await appendAudit(tx, {
            actorId: actor.userId,
            productId,
            action: 'branding.logo.remove',
            details: { logoType, before, after: null },
            at: clock.now(),
          });
        }
        return brandingOf(tx, productId);
      });
    },

    /**
     * A current logo's bytes, to anyone (the store shows product logos to visitors): only files that are a
     * product's logo now, so no other stored media can be reached through this URL.
     */
    async logoFile(actor: Actor | null, productId: string, hash: string) {
      await visibleProduct(db, actor, productId);
      if (!(await isProductLogo(db, productId, logoUrl(productId, hash)))) throw noSuchLogo();
      const file = await findMediaFile(db, hash);
      if (!file) throw noSuchLogo();
      return {
        ...file,
        /** The bytes, read only when they are sent (not for a 304). */
        open: async () => {
          const stream = await storage.read(hash);
          if (!stream) throw noSuchLogo();
          return stream;
        },
      };
    },
  };
}
