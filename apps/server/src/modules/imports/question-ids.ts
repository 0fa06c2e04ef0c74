import { createHash } from 'node:crypto';

/**
 * The id of an import's nth question, the same on every run: a re-run of the import job after a crash finds
 * the questions an earlier run wrote under these ids and skips them instead of writing them twice. A
 * SHA-256 of the import's id and the index, formatted as an RFC 9562 version 8 (custom) UUID.
 */
export function importedQuestionId(importId: string, index: number): string {
  const b = createHash('sha256').update(`question-import:${importId}:${index}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
