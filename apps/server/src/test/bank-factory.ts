import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { questions, questionVersions } from '../db/schema';
import { countMove } from '../modules/questions/repository';
import { buildCategory, buildProduct, buildSubcategory, buildSubject, buildUser } from './factories';

export interface BankQuestion {
  id: string;
  versionId: string;
  subcategoryId: string;
  choices: string[];
  correct: string;
  freeSample: boolean;
}

/**
 * A product with a subject tree and published questions, written as a save writes them (versions, counts; the
 * test pool by its trigger): `perSubcategory` questions in each of `subcategories` subcategories, one subject
 * and category per two subcategories. Every `freeEvery`-th question is in the free sample.
 */
export async function buildBank(
  db: Db,
  opts: { subcategories?: number; perSubcategory?: number; freeEvery?: number } = {},
) {
  const product = await buildProduct(db, { published: true });
  const author = await buildUser(db);
  const subcategoryIds: string[] = [];
  const subjectIds: string[] = [];
  const nSub = opts.subcategories ?? 2;
  for (let i = 0; i < nSub; i += 2) {
    const subject = await buildSubject(db, product.id, `Subject ${i / 2 + 1}`, i);
    subjectIds.push(subject.id);
    const category = await buildCategory(db, subject.id, `Category ${i / 2 + 1}`);
    for (let j = i; j < Math.min(i + 2, nSub); j++)
      subcategoryIds.push((await buildSubcategory(db, category.id, `Subcategory ${j + 1}`, j)).id);
  }
  const bank: BankQuestion[] = [];
  let n = 0;
  for (const subcategoryId of subcategoryIds)
    for (let k = 0; k < (opts.perSubcategory ?? 5); k++) {
      n++;
      const q = await addPublished(db, product.id, author.id, subcategoryId, {
        freeSample: opts.freeEvery ? n % opts.freeEvery === 0 : false,
        stem: `<p>Question ${n}: which is right?</p>`,
      });
      bank.push(q);
    }
  return { product, author, subjectIds, subcategoryIds, questions: bank };
}

/** One published question with four choices, the first correct. */
export async function addPublished(
  db: Db,
  productId: string,
  authorId: string,
  subcategoryId: string,
  over: { freeSample?: boolean; stem?: string } = {},
): Promise<BankQuestion> {
  const id = randomUUID();
  const versionId = randomUUID();
  const choices = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const freeSample = over.freeSample ?? false;
  await db.transaction(async (tx) => {
    await tx.insert(questions).values({ id, productId, authorId, currentVersionId: versionId });
    await tx.insert(questionVersions).values({
      id: versionId,
      questionId: id,
      number: 1,
      status: 'PUBLISHED',
      subcategoryId,
      freeSample,
      stem: over.stem ?? '<p>Which is right?</p>',
      explanation: '<p>Because the first one is.</p>',
      choices: choices.map((c, i) => ({ id: c, text: `<p>Choice ${'ABCD'[i]}</p>` })),
      correctChoiceId: choices[0],
      references: ['A textbook, chapter 1'],
      editorId: authorId,
    });
    await countMove(tx, { productId, authorId }, null, { status: 'PUBLISHED', subcategoryId });
  });
  return { id, versionId, subcategoryId, choices, correct: choices[0]!, freeSample };
}
