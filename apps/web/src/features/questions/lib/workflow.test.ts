import { describe, expect, it } from 'vitest';
import {
  canOpenEditor,
  nextStepOf,
  orderedActions,
  questionViews,
  quickSaveStatus,
  revisesOnly,
  saveActionLabel,
} from './workflow';

const roles = (r: Partial<{ questionWriter: boolean; questionAuditor: boolean; admin: boolean }>) => ({
  questionWriter: false,
  questionAuditor: false,
  admin: false,
  ...r,
});

describe('questionViews', () => {
  it('gives one view per role, writer first', () => {
    expect(questionViews(roles({ questionWriter: true }))).toEqual(['WRITER']);
    expect(questionViews(roles({ questionAuditor: true, questionWriter: true }))).toEqual([
      'WRITER',
      'AUDITOR',
    ]);
    expect(questionViews(roles({ admin: true }))).toEqual(['ADMIN']);
    expect(questionViews(null)).toEqual([]);
    expect(questionViews(roles({}), true)).toEqual(['ADMIN']);
  });
});

describe('saveActionLabel', () => {
  it('names the workflow step', () => {
    expect(saveActionLabel(null, 'DRAFT')).toBe('Save draft');
    expect(saveActionLabel(null, 'SUBMITTED')).toBe('Submit for review');
    expect(saveActionLabel('DRAFT', 'DRAFT')).toBe('Save draft');
    expect(saveActionLabel('SUBMITTED', 'SUBMITTED')).toBe('Save');
    expect(saveActionLabel('SUBMITTED', 'PUBLISHED')).toBe('Publish');
    expect(saveActionLabel('SUBMITTED', 'NEEDS_REVISION')).toBe('Send back for revision');
    expect(saveActionLabel('NEEDS_REVISION', 'SUBMITTED')).toBe('Resubmit for review');
    expect(saveActionLabel('DRAFT', 'DELETED')).toBe('Delete');
    expect(saveActionLabel(null, 'NEEDS_REVISION')).toBe('Save as needing revision');
  });
  it('says a save of a published question starts a revision', () => {
    expect(saveActionLabel('PUBLISHED', 'DRAFT')).toBe('Save as a draft revision');
    expect(saveActionLabel('PUBLISHED', 'SUBMITTED')).toBe('Submit the revision for review');
    expect(saveActionLabel('PUBLISHED', 'PUBLISHED')).toBe('Save');
  });
});

describe('orderedActions and quickSaveStatus', () => {
  it('puts the plain save first and Delete last', () => {
    expect(orderedActions('DRAFT', ['DRAFT', 'SUBMITTED', 'DELETED'])).toEqual([
      'DRAFT',
      'SUBMITTED',
      'DELETED',
    ]);
    expect(orderedActions('NEEDS_REVISION', ['DELETED', 'SUBMITTED', 'NEEDS_REVISION'])).toEqual([
      'NEEDS_REVISION',
      'SUBMITTED',
      'DELETED',
    ]);
  });
  it('saves with the current status when allowed, else nothing; a new question with its first', () => {
    expect(quickSaveStatus('DRAFT', ['DRAFT', 'SUBMITTED'])).toBe('DRAFT');
    expect(quickSaveStatus('PUBLISHED', [])).toBeNull();
    // A writer or an auditor on a published question: a draft revision.
    expect(quickSaveStatus('PUBLISHED', ['DRAFT', 'SUBMITTED'])).toBe('DRAFT');
    expect(quickSaveStatus('PUBLISHED', ['DRAFT', 'SUBMITTED', 'PUBLISHED', 'DELETED'])).toBe('PUBLISHED');
    expect(quickSaveStatus(null, ['DRAFT', 'SUBMITTED'])).toBe('DRAFT');
  });
});

describe('nextStepOf', () => {
  it('says who acts next, from the workflow rules', () => {
    expect(nextStepOf('DRAFT')).toBe('Waiting for its writer: they submit it for review when it is ready.');
    expect(nextStepOf('SUBMITTED')).toBe(
      'Waiting for an auditor to review it: they publish it or send it back for revision.',
    );
    expect(nextStepOf('NEEDS_REVISION')).toBe(
      'Waiting for its writer to revise it: they resubmit it for review.',
    );
    expect(nextStepOf('PUBLISHED')).toBe(
      'Published: learners see it. Its writer or an auditor can revise it; learners keep this version until the revision is published.',
    );
    expect(nextStepOf('DELETED')).toBe('Deleted: only an admin can change it now.');
  });
});

describe('revisesOnly and canOpenEditor', () => {
  it('opens the editor on a published question for those who may revise it', () => {
    expect(revisesOnly('PUBLISHED', ['DRAFT', 'SUBMITTED'])).toBe(true);
    expect(canOpenEditor('PUBLISHED', ['DRAFT', 'SUBMITTED'])).toBe(true);
    // An admin edits it as it is; a learner-like role with no statuses not at all.
    expect(revisesOnly('PUBLISHED', ['DRAFT', 'SUBMITTED', 'NEEDS_REVISION', 'PUBLISHED', 'DELETED'])).toBe(
      false,
    );
    expect(canOpenEditor('PUBLISHED', [])).toBe(false);
    expect(canOpenEditor('SUBMITTED', [])).toBe(false);
    expect(canOpenEditor('DRAFT', ['DRAFT', 'SUBMITTED'])).toBe(true);
  });
});
