import type { PersonRef } from '@qbank/contract';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as people read it here: "Nov 24, 2026, 9:41 AM". */
export const formatTime = (iso: string) => dateTime.format(new Date(iso));

export const personName = (p: PersonRef) => `${p.firstName} ${p.lastName}`.trim();
