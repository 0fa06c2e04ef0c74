import { describe, expect, it } from 'vitest';
import { allowedStatuses, mayDiscardRevision } from './questions';

const writer = { admin: false, writer: true, auditor: false, isAuthor: true };
const auditor = { admin: false, writer: false, auditor: true, isAuthor: false };
const admin = { admin: true, writer: false, auditor: false, isAuthor: false };

describe('allowedStatuses: revisions of published questions (decision 0028)', () => {
  it('lets the writer and an auditor start a revision, never publish it themselves from there', () => {
    expect(allowedStatuses(writer, 'PUBLISHED')).toEqual(['DRAFT', 'SUBMITTED']);
    expect(allowedStatuses(auditor, 'PUBLISHED')).toEqual(['DRAFT', 'SUBMITTED']);
    // Another writer's published question is not theirs to revise.
    expect(allowedStatuses({ ...writer, isAuthor: false }, 'PUBLISHED')).toEqual([]);
  });
  it('takes Delete from all but admins while a revision is open', () => {
    expect(allowedStatuses(writer, 'DRAFT')).toEqual(['DRAFT', 'SUBMITTED', 'DELETED']);
    expect(allowedStatuses(writer, 'DRAFT', { published: true })).toEqual(['DRAFT', 'SUBMITTED']);
    expect(allowedStatuses(writer, 'NEEDS_REVISION', { published: true })).toEqual([
      'SUBMITTED',
      'NEEDS_REVISION',
    ]);
    expect(allowedStatuses(admin, 'DRAFT', { published: true })).toContain('DELETED');
  });
  it('lets whoever may act on a revision discard it, and no one without one', () => {
    expect(mayDiscardRevision(writer, { status: 'DRAFT', published: true })).toBe(true);
    expect(mayDiscardRevision(auditor, { status: 'DRAFT', published: true })).toBe(false);
    expect(mayDiscardRevision(auditor, { status: 'SUBMITTED', published: true })).toBe(true);
    expect(mayDiscardRevision(writer, { status: 'SUBMITTED', published: true })).toBe(false);
    expect(mayDiscardRevision(admin, { status: 'NEEDS_REVISION', published: true })).toBe(true);
    expect(mayDiscardRevision(admin, { status: 'PUBLISHED', published: true })).toBe(false);
    expect(mayDiscardRevision(writer, { status: 'DRAFT', published: false })).toBe(false);
  });
});
