import {
  type BuilderQuestion,
  type BuilderQuestionPage,
  ErrorCode,
  ITEM_FLAGS,
  type ItemFlag,
  type Template,
  type TemplateInput,
  type TemplatePage,
  type TemplatePreview,
  type TemplateSelection,
  type TemplateSummary,
  templateInput,
} from '@qbank/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { findProduct } from '../store';
import {
  addTemplateVersion,
  countPoolQuestions,
  drawUnder,
  findTemplate,
  insertTemplate,
  learnerViews,
  listPoolQuestions,
  listTemplates,
  type PoolQuestion,
  setTemplateArchived,
  type TemplateRow,
  treeNodePath,
} from './repository';

const noSuchTemplate = () => new AppError(ErrorCode.NOT_FOUND, 'No such test template', 'id');

/** The first words of a stem, as plain text (tags dropped, entities read). */
export function plainStart(html: string, max = 200): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

const toBuilderQuestion = (q: PoolQuestion): BuilderQuestion => ({
  uuid: q.questionId,
  name: q.name,
  stemText: plainStart(q.stem),
  path: q.path,
  timesAnswered: q.answered,
  facility: q.answered === 0 ? null : Math.round((q.correct / q.answered) * 100) / 100,
  discrimination: q.discrimination === null ? null : Math.round(q.discrimination * 100) / 100,
  flags: q.flags.filter((f): f is ItemFlag => (ITEM_FLAGS as readonly string[]).includes(f)),
});

/** A template's stored spec, read back through the contract's own schema (a version is never changed). */
const specOf = (t: TemplateRow): TemplateInput => templateInput.parse({ name: t.name, ...t.spec });

const questionCountOf = (s: TemplateSelection) =>
  s.kind === 'QUESTIONS' ? s.questionUuids.length : s.rules.reduce((n, r) => n + r.count, 0);

/** Fisher–Yates, for a shuffled preview. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const SPECIFICITY = { SUBCATEGORY: 0, CATEGORY: 1, SUBJECT: 2 } as const;

/**
 * Draws every rule's questions once, the narrowest rules first (a subcategory's before its subject's), so a
 * broad rule fills from what the narrow ones left; no question twice. `shortOf` is the first rule (by its
 * index) that could not get all its questions, or null.
 */
export async function drawRules(
  db: DbOrTx,
  productId: string,
  rules: Extract<TemplateSelection, { kind: 'RULES' }>['rules'],
) {
  const order = rules
    .map((r, i) => ({ r, i }))
    .sort((a, b) => SPECIFICITY[a.r.nodeType] - SPECIFICITY[b.r.nodeType]);
  const drawn = new Map<number, string[]>();
  const taken: string[] = [];
  let shortOf: number | null = null;
  for (const { r, i } of order) {
    const ids = await drawUnder(db, productId, r.nodeType, r.nodeUuid, r.count, taken);
    if (ids.length < r.count && (shortOf === null || i < shortOf)) shortOf = i;
    drawn.set(i, ids);
    taken.push(...ids);
  }
  // In the rules' own order.
  return { ids: rules.flatMap((_, i) => drawn.get(i) ?? []), shortOf };
}

/** The Test Bank and the Test Builder (docs/test-bank.md): instructors' versioned test templates. */
export function testBankService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function building(actor: Actor, productId: string) {
    await authorize(actor, 'templates.manage', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  }

  /** A template the caller may build with, else it does not exist for them. */
  async function own(actor: Actor, id: string) {
    const t = await findTemplate(db, id);
    if (!t) throw noSuchTemplate();
    await building(actor, t.productId).catch(() => {
      throw noSuchTemplate();
    });
    return t;
  }

  /**
   * Checks a template against the product as it is now: chosen questions must be published in it, rules'
   * nodes must be in its tree with enough published questions under them. The first problem is named by field.
   */
  async function check(tx: DbOrTx, productId: string, s: TemplateSelection) {
    if (s.kind === 'QUESTIONS') {
      const { rows } = await listPoolQuestions(tx, { productId, questionIds: s.questionUuids });
      const published = new Set(rows.map((r) => r.questionId));
      const i = s.questionUuids.findIndex((id) => !published.has(id));
      if (i >= 0)
        throw new AppError(
          ErrorCode.VALIDATION,
          'This question is not published in this QBank',
          `selection.questionUuids.${i}`,
        );
      return;
    }
    for (const [i, r] of s.rules.entries()) {
      const path = await treeNodePath(tx, productId, r.nodeType, r.nodeUuid);
      if (!path)
        throw new AppError(
          ErrorCode.VALIDATION,
          'No such place in this QBank',
          `selection.rules.${i}.nodeUuid`,
        );
      const available = await countPoolQuestions(tx, {
        productId,
        ...(r.nodeType === 'SUBJECT'
          ? { subjectId: r.nodeUuid }
          : r.nodeType === 'CATEGORY'
            ? { categoryId: r.nodeUuid }
            : { subcategoryId: r.nodeUuid }),
      });
      if (available < r.count)
        throw new AppError(
          ErrorCode.VALIDATION,
          `${path.join(' › ')} has ${available === 1 ? '1 published question' : `${available} published questions`}, fewer than ${r.count}`,
          `selection.rules.${i}.count`,
        );
    }
    // Rules that overlap (a subject and one of its subcategories) share questions: one draw shows they fit.
    const { shortOf } = await drawRules(tx, productId, s.rules);
    if (shortOf !== null)
      throw new AppError(
        ErrorCode.VALIDATION,
        'The rules overlap: there are not enough published questions for all of them together',
        `selection.rules.${shortOf}.count`,
      );
  }

  async function answer(t: TemplateRow, tx: DbOrTx = db): Promise<Template> {
    const spec = specOf(t);
    const s = spec.selection;
    let questions: BuilderQuestion[] = [];
    let rules: Template['rules'] = [];
    if (s.kind === 'QUESTIONS') {
      const { rows } = await listPoolQuestions(tx, { productId: t.productId, questionIds: s.questionUuids });
      const byId = new Map(rows.map((r) => [r.questionId, r]));
      // In the template's order; a question unpublished since is left out of what is shown, never of the version.
      questions = s.questionUuids.flatMap((id) => {
        const q = byId.get(id);
        return q ? [toBuilderQuestion(q)] : [];
      });
    } else {
      rules = await Promise.all(
        s.rules.map(async (r) => {
          const filter =
            r.nodeType === 'SUBJECT'
              ? { subjectId: r.nodeUuid }
              : r.nodeType === 'CATEGORY'
                ? { categoryId: r.nodeUuid }
                : { subcategoryId: r.nodeUuid };
          return {
            ...r,
            path: (await treeNodePath(tx, t.productId, r.nodeType, r.nodeUuid)) ?? [],
            available: await countPoolQuestions(tx, { productId: t.productId, ...filter }),
          };
        }),
      );
    }
    return {
      uuid: t.id,
      name: t.name,
      version: t.version,
      archived: t.archivedAt !== null,
      selection: s,
      order: spec.order,
      mode: spec.mode,
      timeLimitMinutes: spec.timeLimitMinutes,
      passingScore: spec.passingScore,
      questionCount: questionCountOf(s),
      questions,
      rules,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    };
  }

  const specToStore = ({ name: _name, ...rest }: TemplateInput) => rest as Record<string, unknown>;

  return {
    /** GET products/{id}/builderQuestions. */
    async builderQuestions(
      actor: Actor,
      productId: string,
      q: {
        page: number;
        size: number;
        search?: string;
        subjectUuid?: string;
        categoryUuid?: string;
        subcategoryUuid?: string;
      },
    ): Promise<BuilderQuestionPage> {
      await building(actor, productId);
      const f = {
        productId,
        search: q.search || undefined,
        subjectId: q.subjectUuid,
        categoryId: q.categoryUuid,
        subcategoryId: q.subcategoryUuid,
      };
      const { rows, total: counted } = await listPoolQuestions(db, f, {
        limit: q.size,
        offset: q.page * q.size,
      });
      const total = counted ?? (await countPoolQuestions(db, f));
      return {
        content: rows.map(toBuilderQuestion),
        page: q.page,
        size: q.size,
        totalElements: total,
        totalPages: Math.ceil(total / q.size),
      };
    },

    /** GET products/{id}/testTemplates. */
    async list(
      actor: Actor,
      productId: string,
      q: { page: number; size: number; search?: string; status: 'ACTIVE' | 'ARCHIVED' | 'ALL' },
    ): Promise<TemplatePage> {
      await building(actor, productId);
      const { rows, total } = await listTemplates(
        db,
        { productId, search: q.search || undefined, status: q.status },
        { limit: q.size, offset: q.page * q.size },
      );
      const content: TemplateSummary[] = rows.map((r) => {
        const s = templateInput.shape.selection.parse(r.spec.selection);
        return {
          uuid: r.id,
          name: r.name,
          version: r.current_version,
          archived: r.archived_at !== null,
          kind: s.kind,
          mode: r.spec.mode === 'TIMED' ? 'TIMED' : 'TUTOR',
          questionCount: questionCountOf(s),
          updatedAt: r.updated_at.toISOString(),
        };
      });
      return {
        content,
        page: q.page,
        size: q.size,
        totalElements: total,
        totalPages: Math.ceil(total / q.size),
      };
    },

    /** POST products/{id}/testTemplates: version 1, checked against the product as it is. */
    async create(actor: Actor, productId: string, input: TemplateInput): Promise<Template> {
      await building(actor, productId);
      return db.transaction(async (tx) => {
        await check(tx, productId, input.selection);
        const now = clock.now();
        const id = await insertTemplate(tx, {
          productId,
          name: input.name,
          spec: specToStore(input),
          userId: actor.userId,
          now,
        });
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'template.create',
          details: { templateId: id, name: input.name },
          at: now,
        });
        return answer((await findTemplate(tx, id))!, tx);
      });
    },

    /** GET testTemplates/{id}. */
    async read(actor: Actor, id: string): Promise<Template> {
      return answer(await own(actor, id));
    },

    /**
     * PUT testTemplates/{id}: a new version, when `baseVersion` is the latest (two editors at once: the second
     * is told, never silently overwrites). Earlier versions stay as they were.
     */
    async update(actor: Actor, id: string, input: z.output<typeof templateInput> & { baseVersion: number }) {
      const seen = await own(actor, id);
      return db.transaction(async (tx) => {
        const t = (await findTemplate(tx, id, true))!;
        if (t.version !== input.baseVersion)
          throw new AppError(
            ErrorCode.CONFLICT,
            `This template was saved by someone else since you opened it (version ${t.version}): reload it`,
            'baseVersion',
          );
        const { baseVersion: _b, ...spec } = input;
        await check(tx, seen.productId, spec.selection);
        const now = clock.now();
        await addTemplateVersion(tx, {
          id,
          number: t.version + 1,
          name: spec.name,
          spec: specToStore(spec),
          userId: actor.userId,
          now,
        });
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: t.productId,
          action: 'template.update',
          details: { templateId: id, name: spec.name, version: t.version + 1 },
          at: now,
        });
        return answer((await findTemplate(tx, id))!, tx);
      });
    },

    /** PATCH testTemplates/{id}: archive or restore (again: nothing changes). */
    async archive(actor: Actor, id: string, archived: boolean): Promise<Template> {
      await own(actor, id);
      return db.transaction(async (tx) => {
        const t = (await findTemplate(tx, id, true))!;
        if ((t.archivedAt !== null) !== archived) {
          const now = clock.now();
          await setTemplateArchived(tx, id, archived ? now : null, now);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: t.productId,
            action: archived ? 'template.archive' : 'template.restore',
            details: { templateId: id, name: t.name },
            at: now,
          });
        }
        return answer((await findTemplate(tx, id))!, tx);
      });
    },

    /** POST testTemplates/{id}/duplicate: "Copy of …", version 1 with the latest version's content. */
    async duplicate(actor: Actor, id: string): Promise<Template> {
      const t = await own(actor, id);
      const spec = specOf(t);
      const name = `Copy of ${t.name}`.slice(0, 120);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const copy = await insertTemplate(tx, {
          productId: t.productId,
          name,
          spec: specToStore({ ...spec, name }),
          userId: actor.userId,
          now,
        });
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: t.productId,
          action: 'template.duplicate',
          details: { templateId: copy, from: id, name },
          at: now,
        });
        return answer((await findTemplate(tx, copy))!, tx);
      });
    },

    /** GET testTemplates/{id}/preview: the questions a student would get now, as they would read them. */
    async preview(actor: Actor, id: string): Promise<TemplatePreview> {
      const t = await own(actor, id);
      const spec = specOf(t);
      const s = spec.selection;
      let ids: string[] = [];
      if (s.kind === 'QUESTIONS') ids = s.questionUuids;
      else ids = (await drawRules(db, t.productId, s.rules)).ids;
      const views = await learnerViews(db, ids);
      const ordered = ids.filter((id) => views.has(id));
      return {
        name: t.name,
        mode: spec.mode,
        timeLimitMinutes: spec.timeLimitMinutes,
        questions: (spec.order === 'SHUFFLED' ? shuffled(ordered) : ordered).map((qid) => {
          const v = views.get(qid)!;
          return { uuid: qid, stem: v.stem, choices: v.choices.map((c) => ({ uuid: c.id, text: c.text })) };
        }),
      };
    },
  };
}
