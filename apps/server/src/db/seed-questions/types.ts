/** One demo question: pure content, placed in its bank's tree by `path`; the seeder writes it to the database. */
export interface SeedQuestion {
  /** Short title, e.g. 'Opening snap after rheumatic fever'. */
  name: string;
  /** HTML: <p>, <strong>, <em>, <ul>/<li>, <sub>/<sup> and, for a few, a small <table> of lab values. */
  stem: string;
  /** 4 or 5 plain-text choices (USMLE: 5; NCLEX and CPA: 4). */
  choices: string[];
  /** Index into `choices`. */
  correct: number;
  /** HTML, one per choice ('' for none): why that choice is right or wrong, shown under it with the solution. */
  choiceExplanations?: string[];
  /** HTML: why the answer is right and each distractor wrong. */
  explanation: string;
  /** 1–2 references (textbook and chapter, guideline or standard), plain text. */
  references: string[];
  /** Subject, category, subcategory: names in the bank's tree. */
  path: [string, string, string];
  freeSample?: boolean;
  status: 'PUBLISHED' | 'SUBMITTED' | 'DRAFT' | 'NEEDS_REVISION';
  /** Which demo account wrote it. */
  author: 'writer' | 'admin';
  /** For NEEDS_REVISION (and a few SUBMITTED, sent back once and resubmitted): what the auditor asked to change. */
  reviewComment?: string;
  /** The seeder attaches a small generated image of this kind to the stem. */
  image?: 'ecg' | 'xray' | 'chart' | 'diagram';
}

/** A bank's subjects, each with its categories and their subcategories, in display order. */
export type SeedTree = Array<{
  subject: string;
  categories: Array<{ name: string; subcategories: string[] }>;
}>;

export interface SeedBank {
  tree: SeedTree;
  questions: SeedQuestion[];
}
