import {
  ErrorCode,
  type SortOrder,
  STORE_PAGE_SIZE,
  type StoreCard,
  storeCardPage,
  storeProduct,
} from '@qbank/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { answerEtag, EncodedAnswer } from './encoded-answer';
import {
  findProduct,
  listProducts,
  logosOf,
  planOnSale,
  searchCards,
  searchProducts,
  storeSearchQuery,
  storeVersionReader,
  toBillingPlan,
  toProductContent,
} from './repository';
import { searchCache } from './search-cache';

const storeList = z.array(storeProduct);

/** A product the caller may see: published ones to anyone; unpublished ones to its members and superusers. */
export async function visibleProduct(db: DbOrTx, actor: Actor | null, id: string) {
  const p = await findProduct(db, id);
  if (!p) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  await authorize(actor, 'product.view', { productId: id, published: p.published });
  return p;
}

export interface SearchQuery {
  sortOrder: SortOrder;
  page?: number;
  size?: number;
}

export function storeService(deps: Deps) {
  const { db } = deps;
  const readVersion = storeVersionReader(db);
  // Answers as bytes: five minutes at most, 128 MB (the blank term's full list over 5,000 products is a few MB),
  // 2,000 answers. A page is small; many pages of many terms fit.
  const answers = searchCache<EncodedAnswer>({
    maxAgeMs: 5 * 60_000,
    maxSize: 128 * 1024 * 1024,
    maxEntries: 2000,
    sizeOf: (a) => a.size,
    now: deps.clock.nowMs,
  });
  // Every card a term finds, in order, so each of its pages is a slice (a page asked for the first time does
  // not search again). Sized at about a kilobyte a card.
  const cardLists = searchCache<StoreCard[]>({
    maxAgeMs: 5 * 60_000,
    maxSize: 64 * 1024 * 1024,
    maxEntries: 500,
    sizeOf: (cards) => 200 + cards.length * 1024,
    now: deps.clock.nowMs,
  });
  // Concurrent misses of one answer share one search (a write empties the cache for every caller at once).
  const making = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let p = making.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make().finally(() => making.delete(key));
      making.set(key, p);
    }
    return p;
  };

  const cardsFor = (term: string, order: SortOrder, termKey: string, version: string) => {
    const key = `${order} ${termKey}`;
    const kept = cardLists.get(key, version);
    if (kept) return Promise.resolve(kept);
    return once(`cards ${version} ${key}`, async () => {
      const cards = await searchCards(db, term, order);
      cardLists.set(key, version, cards);
      return cards;
    });
  };

  return {
    /** The plan a price sells, while it is on sale (the rule checkout applies). */
    async priceOnSale(priceId: string) {
      const row = await planOnSale(db, priceId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'This plan is not available', 'priceId');
      return { productUuid: row.product.id, productName: row.product.name, plan: toBillingPlan(row.plan) };
    },
    /**
     * Store search: SPEC §7's full list, or with page or size one page of cards with the total. Answered from
     * the cache while the store's version is unchanged; the version is read before the list, so a list is
     * never older than the version it is kept under.
     */
    async search(term: string, query: SearchQuery): Promise<EncodedAnswer> {
      const order = query.sortOrder;
      const paged = query.page !== undefined || query.size !== undefined;
      const page = query.page ?? 0;
      const size = query.size ?? STORE_PAGE_SIZE;
      const termKey = storeSearchQuery(term).key;
      const key = paged ? `page ${order} ${page} ${size} ${termKey}` : `list ${order} ${termKey}`;
      const version = await readVersion();
      const kept = answers.get(key, version);
      if (kept) return kept;
      return once(`${version} ${key}`, async () => {
        let json: string;
        if (paged) {
          const cards = await cardsFor(term, order, termKey, version);
          json = JSON.stringify(
            storeCardPage.parse({
              content: cards.slice(page * size, (page + 1) * size),
              page,
              size,
              totalElements: cards.length,
              totalPages: Math.ceil(cards.length / size),
            }),
          );
        } else {
          json = JSON.stringify(storeList.parse(await searchProducts(db, term, order)));
        }
        const answer = new EncodedAnswer(json, answerEtag(version, key));
        answers.set(key, version, answer);
        return answer;
      });
    },
    async content(actor: Actor | null, id: string) {
      return toProductContent(await visibleProduct(db, actor, id));
    },
    async logos(actor: Actor | null, id: string, logoType: 'HEADER_LOGO' | 'PRODUCT_LOGO') {
      await visibleProduct(db, actor, id);
      return logosOf(db, id, logoType);
    },
    /** The catalogue's product list: every published product (a superuser sees unpublished ones too). */
    async list(actor: Actor | null) {
      return (await listProducts(db, { unpublishedToo: actor?.superuser === true })).map(toProductContent);
    },
  };
}
