import type { ItemStatsDetail, StaffQuestion } from '@qbank/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { questionKeys } from '../api/questions';
import { ItemStatisticsPanel } from './item-statistics-panel';

const [A, B, C] = [
  'a0000000-0000-4000-8000-000000000001',
  'b0000000-0000-4000-8000-000000000002',
  'c0000000-0000-4000-8000-000000000003',
];
const question = {
  uuid: 'q0000000-0000-4000-8000-000000000000',
  correctAnswerChoice: A,
  answerChoices: [A, B, C].map((uuid) => ({ uuid, text: 'x', explanation: '' })),
} as StaffQuestion;

const open = (detail: ItemStatsDetail) =>
  renderPage(<ItemStatisticsPanel question={question} />, {
    path: '/questions/:id',
    url: `/questions/${question.uuid}`,
    data: [[questionKeys.itemStatistics(question.uuid), detail]],
  });

describe('the item statistics panel', () => {
  it("shows the figures, the flags and each choice's share of the thirds, the key marked", () => {
    open({
      statistics: {
        n: 36,
        facility: 0.5,
        discrimination: -0.42,
        flags: ['WEAK_DISCRIMINATION', 'POSSIBLE_WRONG_KEY'],
        groupSize: 12,
        topShares: { [B]: 0.75, [A]: 0.25 },
        bottomShares: { [A]: 1 },
        keyChoiceId: A,
        computedAt: '2026-11-27T19:00:00.000Z',
      },
    });
    const panel = screen.getByRole('region', { name: 'Item statistics' });
    expect(within(panel).getByText('50%')).toBeInTheDocument();
    expect(within(panel).getByText('−0.42')).toBeInTheDocument();
    expect(within(panel).getByText('Possible wrong key')).toBeInTheDocument();
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['AKey25%100%', 'B75%—', 'C——']);
    expect(within(panel).queryByText(/Flags start at/)).toBeNull();
  });

  it('says when nobody has answered yet', () => {
    open({ statistics: null });
    expect(screen.getByText(/No learner has answered this question yet/)).toBeInTheDocument();
  });
});
