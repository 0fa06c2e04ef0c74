import type { QuestionComment } from '@qbank/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { CommentItem } from './comment-item';

const ID = '7d0c8f5e-8a43-4a53-9d8a-1f3f6e0f6b11';
const audrey = { uuid: 'u1', firstName: 'Audrey', lastName: 'Auditor' };
const base = { versionNumber: 2, createdAt: '2026-11-20T10:00:00.000Z', resolvedAt: null, resolvedBy: null };
const thread: QuestionComment[] = [
  { ...base, uuid: 'c1', kind: 'PROBLEM_REPORT', author: null, body: 'Choice C is also right.' },
  {
    ...base,
    uuid: 'c2',
    kind: 'PROBLEM_REPORT',
    author: null,
    body: 'Typo in the stem.',
    resolvedAt: '2026-11-21T09:30:00.000Z',
    resolvedBy: audrey,
  },
  { ...base, uuid: 'c3', kind: 'COMMENT', author: audrey, body: 'Checking the source.' },
];

// The thread's own list, without its form (Mantine's autosizing text box needs a real browser).
describe('CommentItem', () => {
  it('shows learners’ reports without a name, Resolve on open ones, and who resolved the others', () => {
    renderPage(
      <ol>
        {thread.map((c) => (
          <CommentItem key={c.uuid} c={c} questionId={ID} />
        ))}
      </ol>,
      { path: '/q', url: '/q', data: [] },
    );
    const open = screen.getByRole('listitem', { name: 'Problem reported by a learner' });
    expect(within(open).getByText('Learner report')).toBeInTheDocument();
    expect(within(open).getByText('Choice C is also right.')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();

    const resolved = screen.getByRole('listitem', { name: 'Problem reported by a learner, resolved' });
    expect(within(resolved).getByText('Learner report · resolved')).toBeInTheDocument();
    expect(within(resolved).getByText(/^Resolved by Audrey Auditor on/)).toBeInTheDocument();
    expect(within(resolved).queryByRole('button', { name: 'Resolve' })).toBeNull();

    // A staff comment names its author and has nothing to resolve.
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[2]!).getByText('Audrey Auditor')).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).toBeNull();
  });
});
