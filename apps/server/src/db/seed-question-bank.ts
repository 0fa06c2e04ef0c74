import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MediaStorage } from '../infra/storage';
import { sanitizeRichText } from '../lib/rich-text';
import type { Tx } from './client';
import { type DemoImageKind, demoImage } from './demo-images';
import {
  categories,
  mediaFiles,
  questionComments,
  questions,
  questionVersionMedia,
  questionVersions,
  subcategories,
  subjects,
} from './schema';
import type { SeedBank, SeedQuestion } from './seed-questions';

type Status = SeedQuestion['status'];

/** The stored demo picture of each kind: its hash, stored once however many questions show it. */
async function storeImages(storage: MediaStorage | undefined, kinds: Set<DemoImageKind>) {
  const stored = new Map<DemoImageKind, { hash: string; size: number }>();
  if (!storage) return stored;
  for (const kind of kinds) {
    const bytes = demoImage(kind);
    const hash = createHash('sha256').update(bytes).digest('hex');
    await storage.put(hash, bytes, 'image/png');
    stored.set(kind, { hash, size: bytes.length });
  }
  return stored;
}

/**
 * How a question got where it is, as versions (status, who saved it) and the auditor's comment, so the demo's
 * history, comments and review queue look lived in: a published question was submitted and then published; one
 * sent back was drafted, submitted and sent back with a comment; a resubmitted one was sent back once before.
 */
function history(q: SeedQuestion): Array<{ status: Status; by: 'author' | 'auditor'; comment?: string }> {
  switch (q.status) {
    case 'PUBLISHED':
      return [
        { status: 'SUBMITTED', by: 'author' },
        { status: 'PUBLISHED', by: 'auditor' },
      ];
    case 'DRAFT':
      return [{ status: 'DRAFT', by: 'author' }];
    case 'NEEDS_REVISION':
      return [
        { status: 'DRAFT', by: 'author' },
        { status: 'SUBMITTED', by: 'author' },
        { status: 'NEEDS_REVISION', by: 'auditor', comment: q.reviewComment },
      ];
    case 'SUBMITTED':
      return q.reviewComment
        ? [
            { status: 'SUBMITTED', by: 'author' },
            { status: 'NEEDS_REVISION', by: 'auditor', comment: q.reviewComment },
            { status: 'SUBMITTED', by: 'author' },
          ]
        : [{ status: 'SUBMITTED', by: 'author' }];
  }
}

/**
 * Writes a demo bank: its subject tree and its questions, each with its versions, review comments and (with a
 * storage) a generated picture. Runs in the seeding transaction; the counts are taken from what it wrote.
 */
export async function seedQuestionBank(
  tx: Tx,
  opts: {
    productId: string;
    bank: SeedBank;
    users: { writer: string; admin: string; auditor: string };
    storage?: MediaStorage;
    now: Date;
  },
) {
  const { productId, bank, users, now } = opts;
  const subcategoryIds = new Map<string, string>();
  for (const [si, s] of bank.tree.entries()) {
    const [subject] = await tx
      .insert(subjects)
      .values({ productId, name: s.subject, position: si })
      .returning({ id: subjects.id });
    for (const [ci, c] of s.categories.entries()) {
      const [category] = await tx
        .insert(categories)
        .values({ subjectId: subject!.id, name: c.name, position: ci })
        .returning({ id: categories.id });
      for (const [i, name] of c.subcategories.entries()) {
        const [sub] = await tx
          .insert(subcategories)
          .values({ categoryId: category!.id, name, position: i })
          .returning({ id: subcategories.id });
        subcategoryIds.set(`${s.subject}/${c.name}/${name}`, sub!.id);
      }
    }
  }

  const images = await storeImages(
    opts.storage,
    new Set(bank.questions.flatMap((q) => (q.image ? [q.image] : []))),
  );
  for (const { hash, size } of images.values())
    await tx.insert(mediaFiles).values({ hash, contentType: 'image/png', size }).onConflictDoNothing();

  const minute = 60_000;
  for (const [qi, q] of bank.questions.entries()) {
    const id = randomUUID();
    const author = q.author === 'admin' ? users.admin : users.writer;
    const choices = q.choices.map((text, i) => {
      const why = q.choiceExplanations?.[i] ?? '';
      const choice = { id: randomUUID(), text: sanitizeRichText(text) };
      return why === '' ? choice : { ...choice, explanation: sanitizeRichText(why) };
    });
    const steps = history(q);
    // Spread over the last weeks, oldest first, so sorting by date means something.
    const start = now.getTime() - (bank.questions.length - qi) * 6 * 60 * minute;
    const versionIds = steps.map(() => randomUUID());
    const mediaId = randomUUID();
    await tx.insert(questions).values({
      id,
      productId,
      authorId: author,
      currentVersionId: versionIds.at(-1)!,
      createdAt: new Date(start),
      updatedAt: new Date(start + (steps.length - 1) * 90 * minute),
    });
    for (const [vi, step] of steps.entries()) {
      const at = new Date(start + vi * 90 * minute);
      await tx.insert(questionVersions).values({
        id: versionIds[vi]!,
        questionId: id,
        number: vi + 1,
        status: step.status,
        name: q.name,
        subcategoryId: subcategoryIds.get(q.path.join('/')) ?? null,
        freeSample: q.freeSample ?? false,
        stem: sanitizeRichText(q.stem),
        explanation: sanitizeRichText(q.explanation),
        choices,
        correctChoiceId: choices[q.correct]!.id,
        references: q.references,
        reinforcements: [],
        editorId: step.by === 'auditor' ? users.auditor : author,
        note: vi === 0 ? 'Created' : `${steps[vi - 1]!.status} → ${step.status}`,
        createdAt: at,
      });
      const image = q.image ? images.get(q.image) : undefined;
      if (image)
        await tx
          .insert(questionVersionMedia)
          .values({ versionId: versionIds[vi]!, mediaId, hash: image.hash, mediaType: 'STEM' });
      if (step.comment)
        await tx.insert(questionComments).values({
          questionId: id,
          authorId: users.auditor,
          versionNumber: vi,
          body: step.comment,
          createdAt: new Date(at.getTime() - 5 * minute),
        });
    }
  }

  await tx.execute(sql`
    INSERT INTO question_counts (product_id, author_id, status, subcategory_id, n)
    SELECT q.product_id, q.author_id, v.status, v.subcategory_id, count(*)::int
    FROM questions q JOIN question_versions v ON v.id = q.current_version_id
    WHERE q.product_id = ${productId} GROUP BY 1, 2, 3, 4`);
  await tx.execute(sql`
    UPDATE products SET question_count = (
      SELECT count(*) FROM questions q JOIN question_versions v ON v.id = q.current_version_id
      WHERE q.product_id = ${productId} AND v.status = 'PUBLISHED')
    WHERE id = ${productId}`);
}
