import {
  ErrorCode,
  type ProductSettings,
  type ProductSettingsValues,
  PUBLISH_NEEDS_PLAN_MESSAGE,
  SETTINGS_CHANGED_MESSAGE,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { visibleProduct } from '../store';
import {
  hasActivePublicPlan,
  nameTakenByAnother,
  readSettingsRow,
  type SettingsRow,
  writePublished,
  writeSettings,
} from './repository';
import { changedFields, mergedAdditionalContent, settingsOf, settingsVersion } from './settings';

const noSuchProduct = () => new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');

async function answer(db: DbOrTx, row: SettingsRow): Promise<ProductSettings> {
  const values = settingsOf(row);
  const hasPublicPlan = await hasActivePublicPlan(db, row.id);
  return {
    productUuid: row.id,
    ...values,
    published: row.published,
    hasPublicPlan,
    listed: row.published && hasPublicPlan,
    version: settingsVersion(values),
  };
}

/** The row, locked for the change; gone meanwhile: 404. */
async function lockedRow(tx: DbOrTx, productId: string) {
  const row = await readSettingsRow(tx, productId, true);
  if (!row) throw noSuchProduct();
  return row;
}

/**
 * A product's store settings and publication (docs/product-settings.md). Each change is one transaction that
 * locks the product row, checks, writes and appends its audit entry; a write to the row raises the store's
 * version, so the store's cached answers are made again at the next ask.
 */
export function productSettingsService({ db, clock }: Deps) {
  /** Who may is asked before anything is written, and outside any transaction (it may read roles). */
  async function manager(actor: Actor, productId: string) {
    await visibleProduct(db, actor, productId);
    await authorize(actor, 'product.settings', { productId });
  }

  return {
    async read(actor: Actor, productId: string) {
      await manager(actor, productId);
      const row = await readSettingsRow(db, productId);
      if (!row) throw noSuchProduct();
      return answer(db, row);
    },

    async update(
      actor: Actor,
      productId: string,
      input: ProductSettingsValues & { expectedVersion: string },
    ) {
      await manager(actor, productId);
      const { expectedVersion, ...after } = input;
      return db.transaction(async (tx) => {
        const row = await lockedRow(tx, productId);
        const before = settingsOf(row);
        if (settingsVersion(before) !== expectedVersion)
          throw new AppError(ErrorCode.CONFLICT, SETTINGS_CHANGED_MESSAGE, 'expectedVersion');
        const diff = changedFields(before, after);
        if (diff.changed.length === 0) return answer(tx, row);
        if (
          after.name.toLowerCase() !== before.name.toLowerCase() &&
          (await nameTakenByAnother(tx, productId, after.name))
        )
          throw new AppError(ErrorCode.CONFLICT, 'Another QBank already has this name', 'name');
        const values = {
          name: after.name,
          productCategory: after.productCategory,
          content: after.content,
          targetAudience: after.targetAudience,
          questionFormat: after.questionFormat,
          authors: after.authors,
          additionalContent: mergedAdditionalContent(row.additionalContent, after),
        };
        await writeSettings(tx, productId, values);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'product.settings.update',
          details: diff,
          at: clock.now(),
        });
        return answer(tx, { ...row, ...values });
      });
    },

    async setPublished(actor: Actor, productId: string, published: boolean) {
      await manager(actor, productId);
      return db.transaction(async (tx) => {
        const row = await lockedRow(tx, productId);
        if (row.published === published) return answer(tx, row);
        if (published && !(await hasActivePublicPlan(tx, productId)))
          throw new AppError(ErrorCode.CONFLICT, PUBLISH_NEEDS_PLAN_MESSAGE, 'published');
        await writePublished(tx, productId, published);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: published ? 'product.publish' : 'product.unpublish',
          details: { name: row.name, before: { published: row.published }, after: { published } },
          at: clock.now(),
        });
        return answer(tx, { ...row, published });
      });
    },
  };
}
