import { useForm } from '@mantine/form';
import { CHOICES_MAX, CHOICES_MIN } from '@qbank/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../../test/render';
import { blankQuestion, type QuestionFormValues } from '../lib/question-form';
import { ChoicesEditor } from './choices-editor';

/** The editor's choices in a form of their own, with the form's values shown for the test to read. */
function Harness({ initial }: { initial: QuestionFormValues }) {
  const form = useForm<QuestionFormValues>({ mode: 'controlled', initialValues: initial });
  const v = form.getValues();
  return (
    <>
      <ChoicesEditor form={form} />
      <output data-testid="values">
        {JSON.stringify({
          choices: v.answerChoices.map((c) => c.uuid),
          correct: v.correctAnswerChoice,
          explanations: v.answerChoices.map((c) => c.explanation),
        })}
      </output>
    </>
  );
}

function open(count = 4) {
  const initial = blankQuestion('p1');
  initial.answerChoices = initial.answerChoices.slice(0, count);
  while (initial.answerChoices.length < count)
    initial.answerChoices.push({ uuid: `extra-${initial.answerChoices.length}`, text: '', explanation: '' });
  renderWithTheme(<Harness initial={initial} />);
  const values = () =>
    JSON.parse(screen.getByTestId('values').textContent ?? '{}') as {
      choices: string[];
      correct: string | null;
      explanations: string[];
    };
  return { initial, values, user: userEvent.setup() };
}

describe('the question editor’s answer choices', () => {
  it('one choice is marked correct with its radio; removing it clears the correct answer', async () => {
    const { initial, values, user } = open();
    await user.click(screen.getByRole('radio', { name: 'B is correct' }));
    expect(values().correct).toBe(initial.answerChoices[1]!.uuid);
    await user.click(screen.getByRole('button', { name: 'Remove choice B' }));
    expect(values()).toMatchObject({
      choices: [0, 2, 3].map((i) => initial.answerChoices[i]!.uuid),
      correct: null,
    });
  });

  it('moves a choice up and down, keeping its own uuid (and so its statistics)', async () => {
    const { initial, values, user } = open();
    const [a, b, c] = initial.answerChoices.map((x) => x.uuid);
    await user.click(screen.getByRole('button', { name: 'Move choice C up' }));
    expect(values().choices.slice(0, 3)).toEqual([a, c, b]);
    expect(screen.getByRole('button', { name: 'Move choice A up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move choice D down' })).toBeDisabled();
  });

  it(`adds choices up to ${CHOICES_MAX} and removes them down to ${CHOICES_MIN}`, async () => {
    const { values, user } = open(CHOICES_MAX - 1);
    const add = screen.getByRole('button', { name: 'Add a choice' });
    await user.click(add);
    expect(values().choices).toHaveLength(CHOICES_MAX);
    expect(add).toBeDisabled();
    for (let n = CHOICES_MAX; n > CHOICES_MIN; n--)
      await user.click(screen.getByRole('button', { name: 'Remove choice A' }));
    expect(values().choices).toHaveLength(CHOICES_MIN);
    expect(screen.getByRole('button', { name: 'Remove choice A' })).toBeDisabled();
    expect(add).toBeEnabled();
  });

  it('a choice’s explanation opens on its button and takes the keyboard', async () => {
    const { values, user } = open(2);
    expect(screen.queryByText('Explanation of choice A (optional)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an explanation of A' }));
    expect(screen.queryByRole('button', { name: 'Add an explanation of A' })).not.toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Explanation of choice A (optional)' });
    await vi.waitFor(() => expect(field).toHaveFocus());
    // Nothing is written until something is typed (ProseMirror does not type in jsdom: the browser test does).
    expect(values().explanations).toEqual(['', '']);
    // B's stays closed until asked for.
    expect(screen.getByRole('button', { name: 'Add an explanation of B' })).toBeInTheDocument();
  });

  it('a choice that has an explanation shows its field from the start', () => {
    const initial = blankQuestion('p1');
    initial.answerChoices = [
      { uuid: 'a', text: '<p>One</p>', explanation: '<p>Why one</p>' },
      { uuid: 'b', text: '<p>Two</p>', explanation: '' },
    ];
    renderWithTheme(<Harness initial={initial} />);
    expect(screen.getByRole('textbox', { name: 'Explanation of choice A (optional)' })).toHaveTextContent(
      'Why one',
    );
    expect(screen.getByRole('button', { name: 'Add an explanation of B' })).toBeInTheDocument();
  });

  it('each choice has its own labelled text field', () => {
    open(2);
    const group = screen.getByRole('group', { name: `Answer choices (${CHOICES_MIN}–${CHOICES_MAX})` });
    expect(within(group).getByText('Choice A')).toBeInTheDocument();
    expect(within(group).getByText('Choice B')).toBeInTheDocument();
  });
});
