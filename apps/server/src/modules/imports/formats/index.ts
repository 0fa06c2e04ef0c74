/**
 * Question files in the formats educators use (GIFT, Aiken, Moodle XML, CSV, XLSX, QTI 3.0) read into one neutral
 * shape, and banks written back out (Moodle XML, QTI 3.0, CSV, XLSX). Pure: no database, no HTTP.
 * README.md beside this file documents the formats for educators and contributors.
 */
export { toSafeCsv } from './cell-safety';
export { csvTemplate, toCsv } from './csv';
export { detectFormat } from './detect';
export { toMoodleXml } from './moodle-xml-write';
export { parseQuestions } from './parse';
export { toQti3Zip } from './qti';
export { FEEDBACK_FIELD, NOTE_FIELDS } from './question-kinds';
export { CSV_COLUMNS } from './table-columns';
export type { TemplatePlace } from './template-rows';
export type {
  ImportFormat,
  ParseIssue,
  ParseOptions,
  ParseResult,
  PortableChoice,
  PortableMedia,
  PortableQuestion,
} from './types';
export { PARTS_MAX, UNPACKED_MAX, type UnpackedSize, unpackedSize } from './unpacked-size';
export { QuestionLimits } from './validate';
export { toXlsx, xlsxTemplate } from './xlsx';
