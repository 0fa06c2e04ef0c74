import {
  ErrorCode,
  type SortOrder,
  STORE_PAGE_SIZE,
  searchTerms,
  storeCardPage,
  storeProduct,
} from '@qbank/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { batcher } from '../../lib/batcher';
import { searchCache } from '../../lib/search-cache';
import { type Actor, authorize, can } from '../../policies';
import { type IndexQuery, StoreCardIndex } from './card-index';
import { answerEtag, EncodedAnswer } from './encoded-answer';
import {
  databaseTerms,
  findProduct,
  listProducts,
  logosOf,
  planOnSale,
  searchProducts,
  storeIndexRows,
  storeSearchQuery,
  storeVersionReader,
  toBillingPlan,
  toProductContent,
} from './repository';

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
  // The store's version, read after each caller asked (so a write committed before a call is seen by it): a read
  // runs at once when none is running, and the calls that come while one runs share the next, one read at a time.
  // A burst of searches (a stall's backlog) then costs the database one round trip, not one each.
  const versionOf = storeVersionReader(db);
  const versionRead = batcher<null, string>({
    run: async (calls) => {
      const version = await versionOf();
      return calls.map(() => version);
    },
    maxBatch: 10_000,
    maxInFlight: 1,
  });
  const readVersion = () => versionRead(null);
  // Answers as bytes: five minutes at most, 128 MB (the blank term's full list over 5,000 products is a few MB),
  // 2,000 answers. A page is small; many pages of many terms fit. The keys of 8,000 pages asked once are remembered.
  const answers = searchCache<EncodedAnswer>({
    maxAgeMs: 5 * 60_000,
    maxSize: 128 * 1024 * 1024,
    maxEntries: 2000,
    sizeOf: (a) => a.size,
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

  // The store's listed products in memory for pages of cards (card-index.ts), made under one store version and
  // replaced by the first page asked under the next: a term asked for the first time costs no search query.
  let index: { version: string; index: StoreCardIndex } | null = null;
  const indexFor = async (version: string) => {
    if (index?.version === version) return index.index;
    return once(`index ${version}`, async () => {
      const made = new StoreCardIndex(await storeIndexRows(db));
      index = { version, index: made };
      return made;
    });
  };
  // Words and literal pieces in the database's terms (lexemes; lower case as ILIKE compares), kept for good:
  // they depend on nothing the store holds. Only pieces never seen before are asked for, in one query for all the
  // searches that need some while earlier ones are being asked.
  const lexemesOf = new Map<string, string[]>();
  const lowered = new Map<string, string>();
  const TERMS_KEPT = 50_000;
  const termsAsked = batcher<
    { words: string[]; literals: string[] },
    { words: string[][]; literals: string[] }
  >({
    run: async (asks) => {
      const got = await databaseTerms(
        db,
        asks.flatMap((a) => a.words),
        asks.flatMap((a) => a.literals),
      );
      let w = 0;
      let l = 0;
      return asks.map((a) => {
        const mine = {
          words: got.words.slice(w, w + a.words.length),
          literals: got.literals.slice(l, l + a.literals.length),
        };
        w += a.words.length;
        l += a.literals.length;
        return mine;
      });
    },
    maxBatch: 200,
    maxInFlight: 2,
  });
  const queryOf = async (term: string): Promise<IndexQuery> => {
    const { words, literals } = searchTerms(term);
    const wordLexemes = new Map(words.map((w) => [w, lexemesOf.get(w)]));
    const literalsLowered = new Map(literals.map((l) => [l, lowered.get(l)]));
    const newWords = [...wordLexemes].filter(([, l]) => l === undefined).map(([w]) => w);
    const newLiterals = [...literalsLowered].filter(([, l]) => l === undefined).map(([l]) => l);
    if (newWords.length + newLiterals.length > 0) {
      const got = await termsAsked({ words: newWords, literals: newLiterals });
      if (lexemesOf.size + lowered.size > TERMS_KEPT) {
        lexemesOf.clear();
        lowered.clear();
      }
      newWords.forEach((w, i) => {
        wordLexemes.set(w, got.words[i]!);
        lexemesOf.set(w, got.words[i]!);
      });
      newLiterals.forEach((l, i) => {
        literalsLowered.set(l, got.literals[i]!);
        lowered.set(l, got.literals[i]!);
      });
    }
    return {
      lexemes: [...new Set(words.flatMap((w) => wordLexemes.get(w)!))],
      literals: literals.map((l) => literalsLowered.get(l)!),
    };
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
          const [found, q] = await Promise.all([indexFor(version), queryOf(term)]);
          const cards = found.search(q, order);
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
        // A page is kept from its second ask (most new terms are asked once, and a page costs about a millisecond
        // to make again); a full list costs far more to make, so it is kept at once.
        if (paged) answers.setOnSecondAsk(key, version, answer);
        else answers.set(key, version, answer);
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
      const unpublishedToo = await can(actor, 'products.listUnpublished', {});
      return (await listProducts(db, { unpublishedToo })).map(toProductContent);
    },
  };
}
