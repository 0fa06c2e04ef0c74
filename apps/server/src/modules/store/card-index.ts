import type { SortOrder, StoreCard } from '@qbank/contract';

/** A listed product as the index holds it: what its card shows and what a search compares. */
export interface IndexedProduct {
  card: StoreCard;
  /** Its text-search lexemes (PostgreSQL's, from the product's search vector). */
  lexemes: string[];
  /** Name and content as PostgreSQL lower-cases them, for the pieces that must appear literally. */
  text: string;
  /** Its place in the store's order by name, ascending and descending (ties by id, as the database sorts). */
  ascRank: number;
  descRank: number;
}

/**
 * A search in words already turned into the database's terms: the lexemes each word became (a prefix of a
 * product's lexeme matches; a word the text search ignores, "the", became none), and the literal pieces in lower
 * case. No lexemes at all is no text condition, as PostgreSQL treats a query of ignored words.
 */
export interface IndexQuery {
  lexemes: string[];
  literals: string[];
}

/**
 * The store's listed products (published, with an active public plan) in memory, with their lexemes sorted for
 * prefix lookups: a search is the same as the database's full-text one (`search_vector @@ to_tsquery('english',
 * 'w:*' & ...)` and `ILIKE` for literal pieces, ordered by lower(name) then id) without a query, in time that
 * grows with what the words match, not with the store. Built from the database under one store version and
 * replaced when the version moves.
 */
/** Prefixes whose matches an index keeps (about 10,000 short arrays; all dropped at once past it). */
const POSTINGS_KEPT = 10_000;

export class StoreCardIndex {
  readonly #products: IndexedProduct[];
  /**
   * The distinct lexemes, sorted (a prefix's matches are one contiguous run), and the products holding each:
   * lexeme k's are `#owners` from `#from[k]` to `#from[k + 1]`.
   */
  readonly #lexemes: string[];
  readonly #from: Uint32Array;
  readonly #owners: Uint32Array;
  /** Products in each order, and each product's place in it. */
  readonly #asc: number[];
  readonly #desc: number[];
  readonly #ascPlace: Uint32Array;
  readonly #descPlace: Uint32Array;
  /** The products a prefix matches (each once), kept: words recur across terms ("edition 12", "edition 13"). */
  readonly #postings = new Map<string, Uint32Array>();
  /**
   * Marks over the products, one pass at a time: a product is marked in the current pass when its entry equals
   * `#pass`. Reused by every search (searches run one at a time, synchronously), so a search allocates nothing the
   * size of the store.
   */
  readonly #marks: Uint32Array;
  #pass = 0;

  constructor(products: IndexedProduct[]) {
    this.#products = products;
    // Grouped by lexeme first, so only the distinct lexemes are sorted (the default sort: by UTF-16 code units, the
    // order `<` and startsWith agree with); this runs on the event loop whenever the store's version moves.
    const holders = new Map<string, number[]>();
    let pairs = 0;
    products.forEach((p, i) => {
      for (const l of p.lexemes) {
        let h = holders.get(l);
        if (!h) {
          h = [];
          holders.set(l, h);
        }
        if (h[h.length - 1] !== i) {
          h.push(i);
          pairs++;
        }
      }
    });
    this.#lexemes = [...holders.keys()].sort();
    this.#from = new Uint32Array(this.#lexemes.length + 1);
    this.#owners = new Uint32Array(pairs);
    let at = 0;
    this.#lexemes.forEach((l, k) => {
      this.#from[k] = at;
      for (const i of holders.get(l)!) this.#owners[at++] = i;
    });
    this.#from[this.#lexemes.length] = at;
    const byRank = (rank: (p: IndexedProduct) => number) =>
      products.map((_, i) => i).sort((a, b) => rank(products[a]!) - rank(products[b]!));
    this.#asc = byRank((p) => p.ascRank);
    this.#desc = byRank((p) => p.descRank);
    this.#marks = new Uint32Array(products.length);
    this.#ascPlace = new Uint32Array(products.length);
    this.#descPlace = new Uint32Array(products.length);
    this.#asc.forEach((product, place) => {
      this.#ascPlace[product] = place;
    });
    this.#desc.forEach((product, place) => {
      this.#descPlace[product] = place;
    });
  }

  get size() {
    return this.#products.length;
  }

  /** The cards that match, in the order asked for. */
  search(q: IndexQuery, order: SortOrder): StoreCard[] {
    let ids: ArrayLike<number>;
    if (q.lexemes.length === 0) ids = order === 'DESC' ? this.#desc : this.#asc;
    else {
      // The rarest word's products, kept only where every other word matches too; then in order.
      const [rarest, ...others] = q.lexemes.map((l) => this.#matching(l)).sort((a, b) => a.length - b.length);
      let found = Array.from(rarest!);
      for (const other of others) {
        if (found.length === 0) break;
        const pass = this.#nextPass();
        for (let k = 0; k < other.length; k++) this.#marks[other[k]!] = pass;
        found = found.filter((i) => this.#marks[i] === pass);
      }
      const place = order === 'DESC' ? this.#descPlace : this.#ascPlace;
      ids = found.sort((a, b) => place[a]! - place[b]!);
    }
    const cards: StoreCard[] = [];
    for (let k = 0; k < ids.length; k++) {
      const p = this.#products[ids[k]!]!;
      if (q.literals.every((l) => p.text.includes(l))) cards.push(p.card);
    }
    return cards;
  }

  /** The products with a lexeme that starts with `prefix`, each once. */
  #matching(prefix: string): Uint32Array {
    let kept = this.#postings.get(prefix);
    if (kept) return kept;
    const pass = this.#nextPass();
    const found: number[] = [];
    for (let k = this.#firstAtOrAfter(prefix); k < this.#lexemes.length; k++) {
      if (!this.#lexemes[k]!.startsWith(prefix)) break;
      for (let j = this.#from[k]!; j < this.#from[k + 1]!; j++) {
        const owner = this.#owners[j]!;
        if (this.#marks[owner] !== pass) {
          this.#marks[owner] = pass;
          found.push(owner);
        }
      }
    }
    kept = Uint32Array.from(found);
    if (this.#postings.size >= POSTINGS_KEPT) this.#postings.clear();
    this.#postings.set(prefix, kept);
    return kept;
  }

  /** A new pass over `#marks` (cleared when the counter would wrap). */
  #nextPass(): number {
    if (this.#pass === 0xffffffff) {
      this.#marks.fill(0);
      this.#pass = 0;
    }
    return ++this.#pass;
  }

  /** The first position whose lexeme is at or after `key` (binary search). */
  #firstAtOrAfter(key: string) {
    let lo = 0;
    let hi = this.#lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#lexemes[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
