import type { HeatMap } from '@qbank/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../../test/render';
import { AtRiskTable, HeatMapTable, heatColumnId, WeakestSubjects } from './performance-figures';
import { ProgressChart } from './progress-chart';

const [S1, S2] = ['51000000-0000-4000-8000-000000000001', '52000000-0000-4000-8000-000000000002'];
const [U1, U2] = ['a1000000-0000-4000-8000-000000000001', 'a2000000-0000-4000-8000-000000000002'];

const map: HeatMap = {
  subjects: [
    { uuid: S1, name: 'Cardiology' },
    { uuid: S2, name: 'Renal' },
  ],
  students: [
    { userUuid: U1, firstName: 'Ana', lastName: 'Alpha', cells: [{ answered: 12, correct: 8 }, null] },
    { userUuid: U2, firstName: 'Ben', lastName: 'Beta', cells: [null, { answered: 4, correct: 1 }] },
  ],
  page: 0,
  size: 50,
  totalElements: 2,
  totalPages: 1,
};

const inRouter = (ui: React.ReactElement) => renderWithTheme(<MemoryRouter>{ui}</MemoryRouter>);

describe('the heat map', () => {
  it('is a table with subject and student headers, each cell’s percent written out', () => {
    inRouter(<HeatMapTable map={map} onPage={vi.fn()} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'Cardiology', 'Renal']);
    const ana = within(table).getByRole('row', { name: /Ana Alpha/ });
    expect(within(ana).getByRole('rowheader')).toHaveTextContent('Ana Alpha');
    expect(within(ana).getByRole('link', { name: 'Ana Alpha' })).toHaveAttribute('href', `/roster/${U1}`);
    const cells = within(ana).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('67%8/12');
    expect(cells[1]).toHaveTextContent('No answers');
    expect(within(table).getByRole('row', { name: /Ben Beta/ })).toHaveTextContent('25%1/4');
    // The scrolling box takes the keyboard.
    expect(screen.getByRole('region', { name: 'Heat map table, scrolls sideways' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});

describe('the weakest subjects', () => {
  it('lead to their column of the heat map', async () => {
    inRouter(
      <>
        <WeakestSubjects
          subjects={[{ uuid: S2, name: 'Renal', answered: 4, correct: 1, percentCorrect: 25, students: 1 }]}
        />
        <HeatMapTable map={map} onPage={vi.fn()} />
      </>,
    );
    Element.prototype.scrollIntoView = vi.fn();
    const link = screen.getByRole('link', { name: 'Renal' });
    expect(link).toHaveAttribute('href', `#${heatColumnId(S2)}`);
    await userEvent.click(link);
    expect(screen.getByRole('columnheader', { name: 'Renal' })).toHaveFocus();
    expect(screen.getByText('4 answers from 1 student')).toBeInTheDocument();
  });

  it('say so when nobody has answered', () => {
    inRouter(<WeakestSubjects subjects={[]} />);
    expect(screen.getByText(/No answers yet/)).toBeInTheDocument();
  });
});

describe('the students at risk', () => {
  it('give each student’s reasons in words and a link to their page', () => {
    inRouter(
      <AtRiskTable
        students={[
          {
            userUuid: U1,
            firstName: 'Ana',
            lastName: 'Alpha',
            reasons: ['INACTIVE', 'LOW_SCORE'],
            lastActiveAt: null,
            answered: 20,
            correct: 5,
            percentCorrect: 25,
          },
        ]}
        total={140}
        inactiveDays={14}
        belowPercent={50}
        inactiveListHref="/roster?inactive=14"
      />,
    );
    const row = screen.getByRole('row', { name: /Ana Alpha/ });
    expect(row).toHaveTextContent('Inactive 14+ days');
    expect(row).toHaveTextContent('Under 50% correct');
    expect(row).toHaveTextContent('Never');
    expect(within(row).getByRole('link', { name: 'Ana Alpha' })).toHaveAttribute('href', `/roster/${U1}`);
    expect(screen.getByText('The 1 most at risk of 140.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The inactive students in the Students list' })).toHaveAttribute(
      'href',
      '/roster?inactive=14',
    );
  });
});

describe('the progress chart', () => {
  it('sums the weeks up in words and shows them as a table on request', async () => {
    renderWithTheme(
      <ProgressChart
        weeks={[
          {
            weekStart: '2026-09-21',
            answered: 0,
            correct: 0,
            percentCorrect: null,
            activeStudents: 0,
            questionsUsed: 20,
          },
          {
            weekStart: '2026-09-28',
            answered: 40,
            correct: 30,
            percentCorrect: 75,
            activeStudents: 3,
            questionsUsed: 60,
          },
        ]}
      />,
    );
    expect(
      screen.getByText(/40 answers in the last 2 weeks, 75% correct; 60 questions used in all/),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Answers each week' })).toHaveTextContent(
      'Week of Sep 28: 40 answers, 75% correct, 3 active students, 60 questions used so far',
    );
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show as a table' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Week ofAnswersCorrectActive studentsQuestions used so far',
      'Sep 210—020',
      'Sep 284075%360',
    ]);
  });
});
