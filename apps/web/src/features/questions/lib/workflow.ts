import {
  allowedStatuses,
  creatableStatuses,
  QUESTION_ROLES,
  type QuestionRole,
  type QuestionStatus,
  STATUS_LABELS,
  type SubscriptionSummary,
} from '@qbank/contract';

type Roles = Pick<SubscriptionSummary, 'questionWriter' | 'questionAuditor' | 'admin'>;

/** The views of My Questions a subscription's roles give, in the order the switch shows them. */
export function questionViews(roles: Roles | null, superuser = false): QuestionRole[] {
  if (!roles) return superuser ? ['ADMIN'] : [];
  const has: Record<QuestionRole, boolean> = {
    WRITER: roles.questionWriter,
    AUDITOR: roles.questionAuditor,
    ADMIN: roles.admin || superuser,
  };
  return QUESTION_ROLES.filter((r) => has[r]);
}

export const VIEW_LABELS: Record<QuestionRole, string> = {
  WRITER: 'My questions',
  AUDITOR: 'Review queue',
  ADMIN: 'All questions',
};

/** The status tab a view opens on: an auditor's queue is what waits for review; the others see everything. */
export const defaultStatusOf = (role: QuestionRole): QuestionStatus | null =>
  role === 'AUDITOR' ? 'SUBMITTED' : null;

/** Whether the caller may write new questions: writers and admins (DESIGN §5). */
export const canCreate = (roles: Roles | null, superuser = false) =>
  !!roles &&
  creatableStatuses({
    admin: roles.admin || superuser,
    writer: roles.questionWriter,
    auditor: roles.questionAuditor,
  }).length > 0;

/** The statuses a new question may be saved with, for the editor's buttons. */
export const newQuestionStatuses = (roles: Roles | null, superuser = false): QuestionStatus[] =>
  roles
    ? creatableStatuses({
        admin: roles.admin || superuser,
        writer: roles.questionWriter,
        auditor: roles.questionAuditor,
      })
    : [];

/**
 * The words of the button that saves a question with `to`, when it is now `from` (null: a new question).
 * Keeping the status is a plain save; moving it names the step of the workflow.
 */
export function saveActionLabel(from: QuestionStatus | null, to: QuestionStatus): string {
  if (from === to) return to === 'DRAFT' ? 'Save draft' : 'Save';
  // Saving a published question as a draft or for review starts a revision (learners keep the published one).
  if (from === 'PUBLISHED' && to === 'DRAFT') return 'Save as a draft revision';
  if (from === 'PUBLISHED' && to === 'SUBMITTED') return 'Submit the revision for review';
  switch (to) {
    case 'DRAFT':
      return from === null ? 'Save draft' : 'Move to drafts';
    case 'SUBMITTED':
      return from === 'NEEDS_REVISION' ? 'Resubmit for review' : 'Submit for review';
    case 'PUBLISHED':
      return 'Publish';
    case 'NEEDS_REVISION':
      return from === null ? 'Save as needing revision' : 'Send back for revision';
    case 'DELETED':
      return 'Delete';
  }
}

/**
 * The save buttons in the order they show, the plain save (keeping the status) first and Delete last; the
 * statuses come from the server's allowedStatuses (an existing question) or the creatable ones (a new one).
 */
export function orderedActions(
  from: QuestionStatus | null,
  statuses: readonly QuestionStatus[],
): QuestionStatus[] {
  const rank = (s: QuestionStatus) => (s === from ? 0 : s === 'DELETED' ? 2 : 1);
  return [...statuses].sort((a, b) => rank(a) - rank(b));
}

/**
 * The status Ctrl/Cmd+S saves with: the current one when the caller may keep it, a new question's first; on a
 * published question the caller may only revise, a draft revision.
 */
export function quickSaveStatus(
  from: QuestionStatus | null,
  statuses: readonly QuestionStatus[],
): QuestionStatus | null {
  if (from === 'PUBLISHED' && !statuses.includes(from)) return statuses.includes('DRAFT') ? 'DRAFT' : null;
  if (from !== null) return statuses.includes(from) ? from : null;
  return statuses[0] ?? null;
}

/**
 * Whether the caller edits a published question only by revising it (a writer or an auditor): the editor opens
 * for them, and a save starts a revision while learners keep the published version (decision 0028).
 */
export const revisesOnly = (status: QuestionStatus, statuses: readonly QuestionStatus[]) =>
  status === 'PUBLISHED' && statuses.length > 0 && !statuses.includes('PUBLISHED');

/** Whether the caller may open the editor on a question: edit it where it is, or revise a published one. */
export const canOpenEditor = (status: QuestionStatus, statuses: readonly QuestionStatus[]) =>
  statuses.includes(status) || revisesOnly(status, statuses);

/** A step of the workflow as who takes it would say it: "they publish it". */
const STEP_WORDS: Record<QuestionStatus, string> = {
  DRAFT: 'move it back to drafts',
  SUBMITTED: 'submit it for review',
  NEEDS_REVISION: 'send it back for revision',
  PUBLISHED: 'publish it',
  DELETED: 'delete it',
};

/**
 * Who acts next on a question in `status`, in words, from the workflow's own rules (`allowedStatuses`, which the
 * server enforces): its writer or an auditor, and what they may do; when neither may move it, only an admin.
 */
export function nextStepOf(status: QuestionStatus): string {
  if (status === 'PUBLISHED')
    return 'Published: learners see it. Its writer or an auditor can revise it; learners keep this version until the revision is published.';
  const movesOf = (roles: { writer: boolean; auditor: boolean }) =>
    allowedStatuses({ admin: false, isAuthor: true, ...roles }, status).filter(
      (s) => s !== status && s !== 'DELETED',
    );
  const forwardFirst: QuestionStatus[] = ['PUBLISHED', 'SUBMITTED', 'NEEDS_REVISION', 'DRAFT'];
  const words = (moves: QuestionStatus[]) =>
    [...moves]
      .sort((a, b) => forwardFirst.indexOf(a) - forwardFirst.indexOf(b))
      .map((s) =>
        s === 'SUBMITTED' && status === 'NEEDS_REVISION' ? 'resubmit it for review' : STEP_WORDS[s],
      )
      .join(' or ');
  const byWriter = movesOf({ writer: true, auditor: false });
  if (byWriter.length > 0)
    return status === 'NEEDS_REVISION'
      ? `Waiting for its writer to revise it: they ${words(byWriter)}.`
      : `Waiting for its writer: they ${words(byWriter)} when it is ready.`;
  const byAuditor = movesOf({ writer: false, auditor: true });
  if (byAuditor.length > 0) return `Waiting for an auditor to review it: they ${words(byAuditor)}.`;
  return `${STATUS_LABELS[status]}: only an admin can change it now.`;
}
