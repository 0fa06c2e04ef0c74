import { readAiken } from './aiken';
import { readCsv } from './csv';
import { readGift } from './gift';
import { readMoodleXml } from './moodle-xml-read';
import { readQti } from './qti-read';
import { decodeText } from './text';
import type { ImportFormat, ParseOptions, ParseResult } from './types';
import { ResultCollector } from './validate';
import { readXlsx } from './xlsx';

/**
 * Reads a question file. Never throws on bad input: what cannot be read becomes issues with a line and a
 * field, a question that cannot be imported is left out and named, and the rest are returned.
 */
export async function parseQuestions(
  format: ImportFormat,
  bytes: Uint8Array,
  opts: ParseOptions = {},
): Promise<ParseResult> {
  const collector = new ResultCollector(opts.maxQuestions);
  if (bytes.length === 0) {
    collector.issue(1, 'file', 'The file is empty');
    return collector.result();
  }
  try {
    if (format === 'xlsx') {
      await readXlsx(bytes, collector);
    } else if (format === 'qti') {
      await readQti(bytes, collector);
    } else {
      const text = decodeText(bytes);
      if (text.trim() === '') collector.issue(1, 'file', 'The file is empty');
      else if (format === 'gift') readGift(text, collector);
      else if (format === 'aiken') readAiken(text, collector);
      else if (format === 'moodle-xml') readMoodleXml(text, collector);
      else readCsv(text, collector);
    }
  } catch (error) {
    // A reader bug or a library's surprise must not take the upload down with it; what was read stays.
    const detail = error instanceof Error ? error.message : String(error);
    collector.issue(1, 'file', `The file could not be read to the end: ${detail}`);
  }
  return collector.result();
}
