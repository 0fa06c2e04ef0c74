import type { VersionSummary } from '@qbank/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { questionKeys } from '../api/questions';
import { VersionHistory } from './version-history';

const ID = '7d0c8f5e-8a43-4a53-9d8a-1f3f6e0f6b11';
const editor = { uuid: 'u1', firstName: 'Ada', lastName: 'Auditor' };
const version = (n: number, status: VersionSummary['status'], note: string): VersionSummary => ({
  version: n,
  status,
  name: 'Murmurs',
  note,
  editor,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
});

describe('VersionHistory', () => {
  it('names every status in words, in the notes too (older versions kept the codes)', () => {
    renderPage(
      <VersionHistory questionId={ID} currentVersion={3} canRestore={false} onRestored={() => {}} />,
      {
        path: '/q',
        url: '/q',
        data: [
          [
            questionKeys.versions(ID),
            [
              version(3, 'NEEDS_REVISION', 'SUBMITTED → NEEDS_REVISION'),
              version(2, 'SUBMITTED', 'Draft → Submitted'),
              version(1, 'DRAFT', 'Created'),
            ],
          ],
        ],
      },
    );
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    expect(within(list).getByText(/Submitted → Needs revision/)).toBeInTheDocument();
    expect(within(list).getByText(/Draft → Submitted/)).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/SUBMITTED|NEEDS_REVISION|DRAFT/);
  });
});
