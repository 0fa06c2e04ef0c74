import { cpa } from './cpa';
import { nclex } from './nclex';
import type { SeedBank } from './types';
import { usmle } from './usmle';

export type { SeedBank, SeedQuestion, SeedTree } from './types';

export type SeedBankName = 'USMLE Step 1 Mastery' | 'NCLEX-RN Review' | 'CPA Audit & Attestation';

/**
 * Original demo content for the three demo QBanks, keyed by product name: each bank's subject tree and its
 * questions (pure data; the seeder inserts them). Every question's `path` names a subcategory in its bank's tree.
 */
export const seedQuestions: Record<SeedBankName, SeedBank> = {
  'USMLE Step 1 Mastery': usmle,
  'NCLEX-RN Review': nclex,
  'CPA Audit & Attestation': cpa,
};
