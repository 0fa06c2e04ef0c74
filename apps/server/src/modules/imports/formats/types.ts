/**
 * The neutral shape every question file format is read into and written from. It is deliberately not the
 * database row: the importer maps names to the catalogue tree, sanitises the HTML and stores media by hash.
 */

/** A file shown with the stem or the explanation. */
export interface PortableMedia {
  name: string;
  contentType: string;
  bytes: Uint8Array;
  place: 'STEM' | 'EXPLANATION';
}

export interface PortableChoice {
  /** HTML (plain text is escaped on the way in, so `<` in "pH < 7.35" survives the sanitiser). */
  text: string;
  correct: boolean;
  /** HTML: why this choice is right or wrong (GIFT's and Moodle's per-answer feedback); absent or '' when none. */
  explanation?: string;
}

export interface PortableQuestion {
  name: string;
  /** HTML, not yet sanitised (the importer sanitises it later). */
  stem: string;
  /** HTML. */
  explanation: string;
  choices: PortableChoice[];
  references: string[];
  reinforcements: string[];
  /** 0..3 names: subject, category, subcategory. */
  path: string[];
  freeSample: boolean;
  /** An inline image in stem/explanation HTML refers to a media item as src="media:<name>". */
  media: PortableMedia[];
  /** 1-based line (text formats) or row (CSV/XLSX) where the question starts, for messages. */
  line: number;
}

/** What is wrong where, e.g. {line: 12, field: 'choices', message: 'A question needs at least 2 answer choices'}. */
export interface ParseIssue {
  line: number;
  field: string;
  message: string;
}

export interface ParseResult {
  /** Only the valid ones. */
  questions: PortableQuestion[];
  issues: ParseIssue[];
}

export type ImportFormat = 'gift' | 'aiken' | 'moodle-xml' | 'csv' | 'xlsx' | 'qti';

export interface ParseOptions {
  /** Questions past this many are not read; one issue says so. No limit when left out. */
  maxQuestions?: number;
}
