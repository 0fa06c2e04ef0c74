import { describe, expect, it } from 'vitest';
import { type SeedBankName, seedQuestions } from './index';

const choiceCount: Record<SeedBankName, number> = {
  'USMLE Step 1 Mastery': 5,
  'NCLEX-RN Review': 4,
  'CPA Audit & Attestation': 4,
};

describe.each(Object.entries(seedQuestions) as Array<[SeedBankName, (typeof seedQuestions)[SeedBankName]]>)(
  'seed questions: %s',
  (bank, { tree, questions }) => {
    const paths = new Set(
      tree.flatMap((s) =>
        s.categories.flatMap((c) => c.subcategories.map((sc) => [s.subject, c.name, sc].join('\u0000'))),
      ),
    );

    it('has a tree of 3–4 subjects, 2–3 categories each, 2–3 subcategories each, without duplicate names', () => {
      expect(tree.length).toBeGreaterThanOrEqual(3);
      expect(tree.length).toBeLessThanOrEqual(4);
      expect(new Set(tree.map((s) => s.subject)).size).toBe(tree.length);
      for (const s of tree) {
        expect(s.categories.length).toBeGreaterThanOrEqual(2);
        expect(s.categories.length).toBeLessThanOrEqual(3);
        expect(new Set(s.categories.map((c) => c.name)).size).toBe(s.categories.length);
        for (const c of s.categories) {
          expect(c.subcategories.length, `${s.subject} › ${c.name}`).toBeGreaterThanOrEqual(2);
          expect(c.subcategories.length).toBeLessThanOrEqual(3);
          expect(new Set(c.subcategories).size).toBe(c.subcategories.length);
        }
      }
    });

    it('has at least 60 questions, each placed in the tree, in every subject and most subcategories', () => {
      expect(questions.length).toBeGreaterThanOrEqual(60);
      for (const q of questions)
        expect(paths.has(q.path.join('\u0000')), `${q.name}: ${q.path.join(' › ')}`).toBe(true);
      for (const s of tree)
        expect(
          questions.some((q) => q.path[0] === s.subject),
          s.subject,
        ).toBe(true);
      const used = new Set(questions.map((q) => q.path.join('\u0000')));
      expect(used.size).toBeGreaterThanOrEqual(Math.ceil(paths.size * 0.75));
    });

    it('gives choice explanations, where a question has them, one per choice, each a paragraph or empty', () => {
      for (const q of questions.filter((x) => x.choiceExplanations)) {
        expect(q.choiceExplanations, q.name).toHaveLength(q.choices.length);
        for (const why of q.choiceExplanations!) expect(why, q.name).toMatch(/^$|^<p>.*<\/p>$/s);
      }
    });

    it('has unique names and complete content', () => {
      expect(new Set(questions.map((q) => q.name)).size).toBe(questions.length);
      for (const q of questions) {
        expect(q.name.trim(), q.name).not.toBe('');
        expect(q.stem, q.name).toMatch(/^<p>.*<\/p>$/s);
        expect(q.explanation, q.name).toMatch(/^<p>.*<\/p>$/s);
        expect(q.references.length, q.name).toBeGreaterThanOrEqual(1);
        expect(q.references.length, q.name).toBeLessThanOrEqual(2);
        for (const r of q.references) expect(r.trim(), q.name).not.toBe('');
      }
    });

    it(`has ${choiceCount[bank]} unique, non-empty plain-text choices and a correct index in range`, () => {
      for (const q of questions) {
        expect(q.choices.length, q.name).toBe(choiceCount[bank]);
        for (const c of q.choices) {
          expect(c.trim(), q.name).not.toBe('');
          expect(c, q.name).not.toMatch(/<[a-z/]/i);
          expect(c.toLowerCase(), q.name).not.toMatch(/all of the above|none of the above/);
        }
        expect(new Set(q.choices.map((c) => c.trim().toLowerCase())).size, q.name).toBe(q.choices.length);
        expect(Number.isInteger(q.correct), q.name).toBe(true);
        expect(q.correct, q.name).toBeGreaterThanOrEqual(0);
        expect(q.correct, q.name).toBeLessThan(q.choices.length);
      }
    });

    it('spreads the correct answer over every position', () => {
      const counts = Array.from(
        { length: choiceCount[bank] },
        (_, i) => questions.filter((q) => q.correct === i).length,
      );
      for (const n of counts)
        expect(n).toBeGreaterThanOrEqual(Math.floor(questions.length / choiceCount[bank] / 2));
    });

    it('has work waiting for the writer and the auditor, and free samples and images for the demo', () => {
      const byStatus = (s: string) => questions.filter((q) => q.status === s);
      expect(byStatus('PUBLISHED').length).toBeGreaterThanOrEqual(40);
      expect(byStatus('SUBMITTED').length).toBeGreaterThanOrEqual(5);
      expect(byStatus('DRAFT').length).toBeGreaterThanOrEqual(3);
      const revise = byStatus('NEEDS_REVISION');
      expect(revise.length).toBeGreaterThanOrEqual(3);
      for (const q of revise) expect(q.reviewComment?.trim(), q.name).toBeTruthy();
      const unpublished = questions.filter((q) => q.status !== 'PUBLISHED');
      expect(unpublished.filter((q) => q.author === 'writer').length).toBeGreaterThan(unpublished.length / 2);
      const free = questions.filter((q) => q.freeSample);
      expect(free.length).toBeGreaterThanOrEqual(8);
      for (const q of free) expect(q.status, `${q.name} is a free sample`).toBe('PUBLISHED');
      expect(questions.filter((q) => q.image).length).toBeGreaterThanOrEqual(4);
    });
  },
);
