import { type PersonRef, QUESTION_STATUSES, STATUS_LABELS } from '@qbank/contract';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as people read it here: "Nov 24, 2026, 9:41 AM". */
export const formatTime = (iso: string) => dateTime.format(new Date(iso));

export const personName = (p: PersonRef) => `${p.firstName} ${p.lastName}`.trim();

const STATUS_CODE = new RegExp(`\\b(${QUESTION_STATUSES.join('|')})\\b`, 'g');

/**
 * A version's note with any status code in it put in words ("SUBMITTED → NEEDS_REVISION" reads "Submitted →
 * Needs revision"): versions are never rewritten, and older ones (and seeded banks) kept the codes.
 */
export const statusesInWords = (note: string) =>
  note.replace(STATUS_CODE, (code) => STATUS_LABELS[code as keyof typeof STATUS_LABELS]);
