import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importedQuestionId } from './question-ids';

describe('importedQuestionId', () => {
  const importId = '6f1c2a8e-4b5d-4c3e-9a7b-1d2e3f4a5b6c';

  it('is the same on every run, and differs per question and per import', () => {
    expect(importedQuestionId(importId, 7)).toBe(importedQuestionId(importId, 7));
    expect(importedQuestionId(importId, 7)).not.toBe(importedQuestionId(importId, 8));
    expect(importedQuestionId('0b8f9c1d-2e3a-4b5c-8d6e-7f8091a2b3c4', 7)).not.toBe(
      importedQuestionId(importId, 7),
    );
  });

  it('is a UUID every id field of the contract takes', () => {
    const id = importedQuestionId(importId, 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });
});
