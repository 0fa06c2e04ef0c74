import { type PersonRef, QUESTION_STATUSES, STATUS_LABELS } from '@qbank/contract';

export { formatTime } from '../../../lib/time-zone';

export const personName = (p: PersonRef) => `${p.firstName} ${p.lastName}`.trim();

const STATUS_CODE = new RegExp(`\\b(${QUESTION_STATUSES.join('|')})\\b`, 'g');

/**
 * A version's note with any status code in it put in words ("SUBMITTED → NEEDS_REVISION" reads "Submitted →
 * Needs revision"): versions are never rewritten, and older ones (and seeded banks) kept the codes.
 */
export const statusesInWords = (note: string) =>
  note.replace(STATUS_CODE, (code) => STATUS_LABELS[code as keyof typeof STATUS_LABELS]);
