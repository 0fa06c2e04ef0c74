import { describe, expect, it } from 'vitest';
import {
  downloads,
  importedListLink,
  importStatusesFor,
  isImportRunning,
  pathLabel,
  progressPercent,
} from './import-flow';

describe('the import screen', () => {
  it('offers the statuses the caller may create that an import takes', () => {
    expect(importStatusesFor(['DRAFT', 'SUBMITTED'])).toEqual(['DRAFT', 'SUBMITTED']);
    expect(importStatusesFor(['DRAFT', 'SUBMITTED', 'NEEDS_REVISION', 'PUBLISHED'])).toEqual([
      'DRAFT',
      'SUBMITTED',
      'PUBLISHED',
    ]);
    expect(importStatusesFor([])).toEqual([]);
  });

  it('polls while a job runs, and says how far it is once it has said', () => {
    expect(['PARSING', 'IMPORTING'].map((s) => isImportRunning(s as 'PARSING'))).toEqual([true, true]);
    expect(isImportRunning('PREVIEW')).toBe(false);
    expect(isImportRunning(undefined)).toBe(false);
    expect(progressPercent(null)).toBeNull();
    expect(progressPercent({ done: 0, total: 0 })).toBeNull();
    expect(progressPercent({ done: 500, total: 1500 })).toBe(33);
    expect(progressPercent({ done: 9, total: 3 })).toBe(100);
  });

  it('names paths and links to the imported questions', () => {
    expect(pathLabel(['Physiology', 'Cardiovascular', 'Valves'])).toBe(
      'Physiology › Cardiovascular › Valves',
    );
    expect(pathLabel([])).toMatch(/^Not placed/);
    expect(importedListLink(['WRITER', 'AUDITOR'], 'DRAFT')).toBe(
      '/questions?view=WRITER&status=DRAFT&sort=createdAt.DESC',
    );
    expect(importedListLink(['ADMIN'], 'PUBLISHED')).toBe(
      '/questions?view=ADMIN&status=PUBLISHED&sort=createdAt.DESC',
    );
  });

  it('builds the download addresses from the contract', () => {
    expect(downloads.csvTemplate('p1')).toBe('/api/v2/questionImports/products/p1/template.csv');
    expect(downloads.xlsxTemplate('p1')).toBe('/api/v2/questionImports/products/p1/template.xlsx');
    expect(downloads.issues('abc')).toBe('/api/v2/questionImports/abc/issues.csv');
    expect(downloads.exportBank('p1', 'qti', null)).toBe('/api/v2/questions/products/p1/export?format=qti');
    expect(downloads.exportBank('p1', 'csv', 'SUBMITTED')).toBe(
      '/api/v2/questions/products/p1/export?format=csv&status=SUBMITTED',
    );
  });
});
